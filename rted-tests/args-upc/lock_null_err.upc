/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 * value: ptr = NULL
 */
/* Error: the last thread does not publish its lock, so its left neighbour locks a null upc_lock_t pointer */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared locks[THREADS];
shared int visits[THREADS];

int main(void)
{
    int next = (MYTHREAD + 1) % THREADS;
    if (MYTHREAD != THREADS - 1)
        locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(locks[next]);
    visits[next] += 1;
    upc_unlock(locks[next]);
    upc_barrier;
    if (MYTHREAD == 0) printf("visits[0] = %d\n", visits[0]);
    return 0;
}
