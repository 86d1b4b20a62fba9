/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of chain_finished_err.upc: the last thread unlocks before it finishes */
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
    if (MYTHREAD == THREADS - 1) {
        upc_unlock(lock);
        return 0;
    }
    if (MYTHREAD == 0) {
        upc_lock(lock);
        printf("result = %d\n", result);
        upc_unlock(lock);
    }
    return 0;
}
