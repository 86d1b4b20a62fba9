/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4 8
 * report: the lock `guard` was freed at unlock_freed_lock_err.upc:22 by upc_lock_free on thread 0
 * report: lock `guard` allocated at unlock_freed_lock_err.upc:16 by upc_all_lock_alloc, called by every thread (variable 'guard' declared at unlock_freed_lock_err.upc:16)
 */
/* Error: thread 0 frees the lock during shutdown while the last thread still runs its stale unlock */
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
        upc_unlock(guard);
    upc_barrier;
    return 0;
}
