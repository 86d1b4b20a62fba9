/* upc-check-test
 * expect: lock-cycle
 * line: 20
 * threads: 2 4 8
 */
/* Error: every thread holds its own lock and then wants its right neighbour's: a cycle through all threads */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared locks[THREADS];
shared int meals[THREADS];

int main(void)
{
    int right = (MYTHREAD + 1) % THREADS;
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(locks[MYTHREAD]);
    upc_barrier;
    upc_lock(locks[right]);
    meals[MYTHREAD] += 1;
    upc_unlock(locks[right]);
    upc_unlock(locks[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("meals[0] = %d\n", meals[0]);
    return 0;
}
