/* upc-check-test
 * expect: invalid-argument
 * line: 31
 * threads: 2 4 8
 * report: the lock `lk` was freed at lock_free_twice_global_err.upc:28 by upc_lock_free on thread 0
 * report: lock `lk` allocated at lock_free_twice_global_err.upc:19 by upc_global_lock_alloc on thread 0 (variable 'lk' declared at lock_free_twice_global_err.upc:12)
 */
/* Error: thread 0 releases the lock it created, and thread 1, which believes it owns the lock, releases it again */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared lk;
shared int owner;
shared int count;

int main(void)
{
    if (MYTHREAD == 0) {
        lk = upc_global_lock_alloc();
        owner = THREADS > 1 ? 1 : 0;
    }
    upc_barrier;
    upc_lock(lk);
    count++;
    upc_unlock(lk);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(lk);
    upc_barrier;
    if (MYTHREAD == owner)
        upc_lock_free(lk);
    upc_barrier;
    return 0;
}
