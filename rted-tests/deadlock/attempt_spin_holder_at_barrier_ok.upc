/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the master releases its reservation before the barrier, so the polling workers get the lock */
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
        slot = 0.5;
        upc_unlock(slot_lock);
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
        printf("slot %g\n", slot);
    }
    return 0;
}
