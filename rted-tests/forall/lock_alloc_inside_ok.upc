/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of lock_alloc_inside_err.upc: the lock is allocated before the loop */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int in[N * THREADS];
shared int hist[THREADS];

int main(void)
{
    int i;
    upc_lock_t *lock = upc_all_lock_alloc();
    upc_forall (i = 0; i < N * THREADS; i++; &in[i]) {
        if (lock == NULL)
            lock = upc_all_lock_alloc();
        upc_lock(lock);
        hist[i % THREADS] += 1;
        upc_unlock(lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("hist[0] = %d\n", hist[0]);
    return 0;
}
