/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of reduce_nosync_result_err.upc: a barrier completes the NOSYNC reduction before the result is read */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 16
shared [N] double x[N * THREADS];
shared double partial[THREADS];
shared double dot;

int main(void)
{
    int i;
    double s = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i]) x[i] = 1.0;
    upc_barrier;
    for (i = MYTHREAD * N; i < (MYTHREAD + 1) * N; i++) s += x[i] * x[i];
    partial[MYTHREAD] = s;
    upc_barrier;
    upc_all_reduceD(&dot, partial, UPC_ADD, THREADS, 1, NULL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("dot = %g\n", dot);
    return 0;
}
