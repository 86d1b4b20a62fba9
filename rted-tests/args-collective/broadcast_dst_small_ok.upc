/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of broadcast_dst_small_err.upc: the destination holds two ints per thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define W 2
shared [W] int pair[W * THREADS];
shared [W] int dst[W * THREADS];

int main(void)
{
    if (MYTHREAD == 0) { pair[0] = 1; pair[1] = 2; }
    upc_barrier;
    upc_all_broadcast(dst, pair, W * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d %d\n", MYTHREAD, dst[MYTHREAD * W], dst[MYTHREAD * W + 1]);
    return 0;
}
