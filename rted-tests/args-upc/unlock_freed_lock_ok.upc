/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of unlock_freed_lock_err.upc: no unlock after the lock is freed */
#include <upc.h>
#include <stdio.h>

shared int stale[THREADS];

int main(void)
{
    upc_lock_t *guard = upc_all_lock_alloc();
    stale[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_lock(guard);
    upc_unlock(guard);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(guard);
    upc_barrier;
    if (stale[MYTHREAD])
        printf("thread %d: nothing left to release\n", MYTHREAD);
    upc_barrier;
    return 0;
}
