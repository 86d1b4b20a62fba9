/* upc-check-test
 * expect: lock-held-at-end
 * line: 31
 * threads: 2 4 8
 * report: reached {THREADS} times by {THREADS} threads
 * report: taken at held_at_end_every_thread_err.upc:17 is never released
 */
/* Error: (warning) the update function returns before its unlock when a value is already recorded, and every thread ends holding its own lock; the warning is given once, with the count of threads */
#include <upc.h>
#include <stdio.h>

upc_lock_t *own_lock;
shared int seen[THREADS];

void update(int v)
{
    upc_lock(own_lock);
    if (seen[MYTHREAD] == v)
        return;
    seen[MYTHREAD] = v;
    upc_unlock(own_lock);
}

int main(void)
{
    own_lock = upc_global_lock_alloc();
    update(MYTHREAD + 1);
    update(MYTHREAD + 1);
    upc_barrier;
    if (MYTHREAD == 0) printf("seen[0] = %d\n", seen[0]);
    return 0;
}
