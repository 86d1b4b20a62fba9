/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of held_in_collective_err.upc: thread 0 unlocks before the broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <unistd.h>

strict shared int waiting;
shared int value;
shared int copies[THREADS];

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) upc_lock(lock);
    upc_barrier;
    if (MYTHREAD == 1) {
        waiting = 1;
        upc_lock(lock);
        value += 1;
        upc_unlock(lock);
    }
    if (MYTHREAD == 0) {
        while (!waiting) ;
        sleep(1);  /* thread 1 is now blocked in upc_lock */
        value = 41;
        upc_unlock(lock);
    }
    upc_all_broadcast(copies, &value, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("copies[0] = %d\n", copies[0]);
    return 0;
}
