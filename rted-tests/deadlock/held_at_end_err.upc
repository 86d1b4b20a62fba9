/* upc-check-test
 * expect: lock-held-at-end
 * line: 31
 * threads: 2 4 8
 */
/* Error: (warning) the last thread leaves a function through an early return that skips the unlock and finishes holding the lock */
#include <upc.h>
#include <stdio.h>

upc_lock_t *lock;
shared int stats[THREADS];
shared int total;

void record(int v)
{
    upc_lock(lock);
    if (v < 0)
        return;
    total += v;
    upc_unlock(lock);
}

int main(void)
{
    lock = upc_all_lock_alloc();
    stats[MYTHREAD] = (MYTHREAD == THREADS - 1) ? -1 : MYTHREAD;
    upc_barrier;
    record(stats[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("total = %d\n", total);
    return 0;
}
