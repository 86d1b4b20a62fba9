/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of chain_collective_err.upc: thread 0 unlocks before the barrier */
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
        upc_unlock(lock);
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
