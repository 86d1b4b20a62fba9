/* upc-check-test
 * expect: data-race
 * line: 21 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: scatter_nosync_in_err.upc:21 and scatter_nosync_in_err.upc:22
 */
/* The source of a scatter is written right before a UPC_IN_NOSYNC|UPC_OUT_NOSYNC scatter */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 2
shared [] long src[N * 8];
shared [N] long dst[N * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N * THREADS; i++) src[i] = i;
    upc_all_scatter(dst, src, N * sizeof(long), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    return 0;
}
