/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: prefix_reduce_out_nosync_err.upc:20 and prefix_reduce_out_nosync_err.upc:22
 */
/* upc_all_prefix_reduceD with UPC_OUT_NOSYNC: the last thread reads thread 0's prefix
   right after returning. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double in[THREADS], pre[THREADS];

int main(void)
{
    double x;
    in[MYTHREAD] = 1.0 + MYTHREAD;
    upc_all_prefix_reduceD(pre, in, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    if (MYTHREAD == THREADS - 1)
        x = pre[0];
    else
        x = 0;
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, x);
    return 0;
}
