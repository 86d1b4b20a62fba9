/* upc-check-test
 * expect: collective-mismatch
 * line: 21 22
 * threads: 2 4 8
 */
/* Error: thread 0 skips the reduction that the other threads perform and goes on to a barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int vals[THREADS];
shared int sum;
shared int work[THREADS];

int main(void)
{
    vals[MYTHREAD] = MYTHREAD + 1;
    work[MYTHREAD] = MYTHREAD != 0 ? 1 : 0;
    upc_barrier;
    if (work[MYTHREAD])
        upc_all_reduceI(&sum, vals, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    if (MYTHREAD == 0) printf("sum = %d\n", sum);
    return 0;
}
