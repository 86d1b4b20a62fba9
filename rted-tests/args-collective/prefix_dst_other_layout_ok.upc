/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the offset is 0, so destination and source start at the same thread and phase */
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
    if (MYTHREAD == 0) off = 0;
    for (i = 0; i < 2 * BS; i++) src[(MYTHREAD * 2 * BS + i) % (2 * BS * THREADS)] = 1;
    upc_barrier;
    upc_all_prefix_reduceI(&dst[off], src, UPC_ADD, BS * 2 * THREADS - 1, BS, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[last] = %d\n", dst[BS * 2 * THREADS - 1]);
    return 0;
}
