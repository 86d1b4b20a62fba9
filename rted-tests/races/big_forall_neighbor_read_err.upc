/* upc-check-test
 * expect: data-race
 * line: 27 28
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: big_forall_neighbor_read_err.upc:27 and big_forall_neighbor_read_err.upc:28
 */
/* Blocks of several pages: every thread rescales its block in a upc_forall and then, without
   a barrier, samples one element of its neighbour's block, which the neighbour may still be
   rescaling. */
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
        x += a[((MYTHREAD + 1) % THREADS) * B + 1000 + r];
        upc_barrier;
    }
    printf("%d: %g\n", MYTHREAD, x);
    return 0;
}
