/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: thread 0 frees the lock before the phase that still uses it */
#include <upc.h>
#include <stdio.h>

shared int phase_done[THREADS];
shared int sum;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    phase_done[MYTHREAD] = 1;
    upc_barrier;
    if (MYTHREAD == 0 && phase_done[THREADS - 1])
        upc_lock_free(lock);
    upc_barrier;
    upc_lock(lock);
    sum += MYTHREAD;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("sum = %d\n", sum);
    return 0;
}
