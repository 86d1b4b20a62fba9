/* upc-check-test
 * expect: invalid-argument
 * line: 24
 * threads: 2 3 4 8
 */
/* Error: the gather destination is computed as an offset into the same shared buffer as the source, and for this offset the destination range covers thread 0's source block */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define W 2
shared [W] int buf[W * THREADS * 2];
shared [] int out[W * 8];
shared int where;

int main(void)
{
    shared [] int *dst;
    buf[MYTHREAD * W] = MYTHREAD;
    buf[MYTHREAD * W + 1] = -MYTHREAD;
    if (MYTHREAD == 0) where = 0;
    upc_barrier;
    dst = (shared [] int *) &buf[where];
    upc_all_gather(dst, buf, W * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[1] = %d\n", dst[1]);
    return 0;
}
