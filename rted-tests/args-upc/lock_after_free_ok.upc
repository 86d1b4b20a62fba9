/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of lock_after_free_err.upc: the lock is freed after its last use */
#include <upc.h>
#include <stdio.h>

shared int phase_done[THREADS];
shared int sum;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    phase_done[MYTHREAD] = 1;
    upc_barrier;
    upc_lock(lock);
    sum += MYTHREAD;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0 && phase_done[THREADS - 1])
        upc_lock_free(lock);
    if (MYTHREAD == 0) printf("sum = %d\n", sum);
    return 0;
}
