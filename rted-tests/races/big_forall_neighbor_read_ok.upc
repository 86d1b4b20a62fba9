/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of big_forall_neighbor_read_err.upc: the neighbour's element is sampled after
   the barrier that ends the rescaling. */
#include <upc.h>
#include <stdio.h>

#define B 2048
#define N (B * THREADS)
shared [B] double a[N];

int main(void)
{
    int i, r;
    double x = 0;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = i;
    upc_barrier;
    for (r = 0; r < 3; r++) {
        upc_forall (i = 0; i < N; i++; &a[i])
            a[i] = 0.5 * a[i] + r;
        upc_barrier;
        x += a[((MYTHREAD + 1) % THREADS) * B + 1000 + r];
        upc_barrier;
    }
    printf("%d: %g\n", MYTHREAD, x);
    return 0;
}
