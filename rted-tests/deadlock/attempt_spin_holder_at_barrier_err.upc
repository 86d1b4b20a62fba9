/* upc-check-test
 * expect: livelock
 * line: 29
 * threads: 2 4 8
 * env: UPCCHECK_LIVELOCK_TIMEOUT=1
 * timeout: 60
 * report: thread 0 is blocked at upc_barrier
 */
/* Error: the workers poll upc_lock_attempt for the result slot before the barrier, but the master took the slot's lock to "reserve" it and only releases it after the barrier */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared slot_lock;
shared double slot;
strict shared int reserved;

int main(void)
{
    long polls = 0;
    if (MYTHREAD == 0)
        slot_lock = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_lock(slot_lock);
        reserved = 1;
    } else {
        while (!reserved)
            ;
        while (!upc_lock_attempt(slot_lock))
            polls++;
        slot += MYTHREAD;
        upc_unlock(slot_lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_unlock(slot_lock);
        printf("slot %g\n", slot);
    }
    return 0;
}
