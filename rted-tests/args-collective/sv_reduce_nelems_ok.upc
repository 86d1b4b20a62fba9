/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_reduce_nelems_err.upc: every thread passes the global count */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [N] int v[N * THREADS];
shared int r;
shared int written[THREADS];

int main(void)
{
    int i, n = (MYTHREAD == 0) ? N - 1 : N;
    for (i = 0; i < N; i++) v[MYTHREAD * N + i] = (i < n);
    written[MYTHREAD] = n;
    upc_barrier;
    upc_all_reduceI(&r, v, UPC_ADD, N * THREADS, N, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
