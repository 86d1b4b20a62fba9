/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 3 4 8
 */
/* Error: the prefix sums are written at an offset into the destination read from a shared setting; with offset 1 the destination's phase differs from the source's */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define BS 2
shared [BS] int src[BS * 2 * THREADS];
shared [BS] int dst[BS * 2 * THREADS];
shared int off;

int main(void)
{
    int i;
    if (MYTHREAD == 0) off = 1;
    for (i = 0; i < 2 * BS; i++) src[(MYTHREAD * 2 * BS + i) % (2 * BS * THREADS)] = 1;
    upc_barrier;
    upc_all_prefix_reduceI(&dst[off], src, UPC_ADD, BS * 2 * THREADS - 1, BS, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[last] = %d\n", dst[BS * 2 * THREADS - 1]);
    return 0;
}
