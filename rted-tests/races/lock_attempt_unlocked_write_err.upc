/* upc-check-test
 * expect: data-race
 * line: 20 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: lock_attempt_unlocked_write_err.upc:20 and lock_attempt_unlocked_write_err.upc:23
 */
/* Thread 0 writes under a lock taken with upc_lock_attempt, thread 1 writes without the lock */
#include <upc.h>
#include <stdio.h>

shared int guarded;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        while (!upc_lock_attempt(l))
            ;
        guarded = 1;
        upc_unlock(l);
    } else if (MYTHREAD == 1) {
        guarded = 2;
    }
    upc_barrier;
    return 0;
}
