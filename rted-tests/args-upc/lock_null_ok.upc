/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of lock_null_err.upc: every thread publishes its lock */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared locks[THREADS];
shared int visits[THREADS];

int main(void)
{
    int next = (MYTHREAD + 1) % THREADS;
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(locks[next]);
    visits[next] += 1;
    upc_unlock(locks[next]);
    upc_barrier;
    if (MYTHREAD == 0) printf("visits[0] = %d\n", visits[0]);
    return 0;
}
