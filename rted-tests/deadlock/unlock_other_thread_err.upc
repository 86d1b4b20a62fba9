/* upc-check-test
 * expect: lock-not-held
 * line: 23
 * threads: 2 4 8
 */
/* Error: thread 1 unlocks the lock that thread 0 holds */
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
    if (MYTHREAD == owner + 1)
        upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("value = %d\n", value);
    return 0;
}
