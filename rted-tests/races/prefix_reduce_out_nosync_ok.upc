/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of prefix_reduce_out_nosync_err.upc: a barrier before the read. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double in[THREADS], pre[THREADS];

int main(void)
{
    double x;
    in[MYTHREAD] = 1.0 + MYTHREAD;
    upc_all_prefix_reduceD(pre, in, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        x = pre[0];
    else
        x = pre[MYTHREAD] * 0;
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, x);
    return 0;
}
