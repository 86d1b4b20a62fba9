/* upc-check-test
 * expect: lock-held-at-end
 * line: 31
 * threads: 2 4 8
 */
/* Error: (warning) the last thread leaves a function through an early return that skips the unlock and finishes holding its lock */
#include <upc.h>
#include <stdio.h>

upc_lock_t *own_lock;
shared int stats[THREADS];
shared int count[THREADS];

void record(int v)
{
    upc_lock(own_lock);
    if (v < 0)
        return;
    count[MYTHREAD] += v;
    upc_unlock(own_lock);
}

int main(void)
{
    own_lock = upc_global_lock_alloc();
    stats[MYTHREAD] = (MYTHREAD == THREADS - 1) ? -1 : MYTHREAD;
    upc_barrier;
    record(stats[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("count[0] = %d\n", count[0]);
    return 0;
}
