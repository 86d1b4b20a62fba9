/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of cycle_ring_err.upc: each thread takes the lower-numbered of its two locks first */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared locks[THREADS];
shared int meals[THREADS];

int main(void)
{
    int right = (MYTHREAD + 1) % THREADS;
    int first = MYTHREAD < right ? MYTHREAD : right;
    int second = MYTHREAD < right ? right : MYTHREAD;
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    upc_lock(locks[first]);
    upc_lock(locks[second]);
    meals[MYTHREAD] += 1;
    upc_unlock(locks[second]);
    upc_unlock(locks[first]);
    upc_barrier;
    if (MYTHREAD == 0) printf("meals[0] = %d\n", meals[0]);
    return 0;
}
