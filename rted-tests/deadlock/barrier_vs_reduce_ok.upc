/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of barrier_vs_reduce_err.upc: every thread takes part in the reduction */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int vals[THREADS];
shared int sum;
shared int work[THREADS];

int main(void)
{
    vals[MYTHREAD] = MYTHREAD + 1;
    work[MYTHREAD] = 1;
    upc_barrier;
    if (work[MYTHREAD])
        upc_all_reduceI(&sum, vals, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    if (MYTHREAD == 0) printf("sum = %d\n", sum);
    return 0;
}
