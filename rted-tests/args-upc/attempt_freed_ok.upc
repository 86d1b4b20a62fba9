/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of attempt_freed_err.upc: the lock is freed after the polling phase */
#include <upc.h>
#include <stdio.h>

shared int polls;
shared int retired;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        retired = 0;
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1 && upc_lock_attempt(lock)) {
        polls += 1;
        upc_unlock(lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_lock_free(lock);
        printf("polls = %d retired = %d\n", polls, retired);
    }
    return 0;
}
