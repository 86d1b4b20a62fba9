/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of barrier_inside_err.upc: the checkpoint barrier comes after the loop */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[N * THREADS];
shared int checkpoint_at;

int main(void)
{
    int i;
    if (MYTHREAD == 0) checkpoint_at = N;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        a[i] = i * i;
    }
    if (checkpoint_at >= 0) {
        upc_barrier;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[%d] = %d\n", N, a[N]);
    return 0;
}
