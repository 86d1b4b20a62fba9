/* upc-check-test
 * expect: data-race
 * line: 28 30
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: reduce_nosync_result_err.upc:28 and reduce_nosync_result_err.upc:30
 */
/* A dot product reduced with UPC_IN_NOSYNC | UPC_OUT_NOSYNC: thread 0 prints the sum
   before any synchronization says the reduction is done */
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
    if (MYTHREAD == 0)
        printf("dot = %g\n", dot);
    return 0;
}
