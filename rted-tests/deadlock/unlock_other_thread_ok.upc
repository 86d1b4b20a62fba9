/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of unlock_other_thread_err.upc: thread 0 unlocks its own lock */
#include <upc.h>
#include <stdio.h>

shared int owner;
shared int value;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        upc_lock(lock);
        owner = 0;
        value = 17;
    }
    upc_barrier;
    if (MYTHREAD == owner)
        upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("value = %d\n", value);
    return 0;
}
