/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of lock_attempt_unlocked_write_err.upc: thread 1 takes the lock with upc_lock */
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
        upc_lock(l);
        guarded = 2;
        upc_unlock(l);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", guarded);
    return 0;
}
