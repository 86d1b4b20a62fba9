/* upc-check-test
 * expect: lock-chain-collective
 * line: 23
 * threads: 2 4 8
 */
/* Error: thread 0 enters a barrier while holding the lock that thread 1 later waits for, so thread 1 can never reach that barrier */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

shared int value;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) upc_lock(lock);
    upc_barrier;
    if (MYTHREAD == 0) {
        value = 1;
    }
    if (MYTHREAD == 1) {
        sleep(1);  /* let thread 0 reach the barrier first */
        upc_lock(lock);
        value += 1;
        upc_unlock(lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("value = %d\n", value);
    return 0;
}
