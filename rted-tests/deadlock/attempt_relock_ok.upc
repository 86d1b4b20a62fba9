/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of attempt_relock_err.upc: the retry is only done when the lock is not held */
#include <upc.h>
#include <stdio.h>

shared int retry[THREADS];
shared int total;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    int held;
    retry[MYTHREAD] = (MYTHREAD == 0);
    upc_barrier;
    upc_lock(lock);
    held = 1;
    if (retry[MYTHREAD] && !held)
        held = upc_lock_attempt(lock);
    total += held;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("total = %d\n", total);
    return 0;
}
