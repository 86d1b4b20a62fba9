/* upc-check-test
 * expect: lock-chain-finished
 * line: 21 23
 * threads: 2 4 8
 */
/* Error: the last thread finishes while still holding the lock that thread 0 then waits for */
#include <upc.h>
#include <stdio.h>

shared int result;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == THREADS - 1) {
        upc_lock(lock);
        result = 5;
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        return 0;
    if (MYTHREAD == 0) {
        upc_lock(lock);
        printf("result = %d\n", result);
        upc_unlock(lock);
    }
    return 0;
}
