/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of scatter_dst_affinity_err.upc: the destination starts at block 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 2
shared [N] int dst[2 * N * THREADS];
shared [] int *shared src;
shared int block_offset;

int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        src = (shared [] int *) upc_alloc(N * THREADS * sizeof(int));
        for (i = 0; i < N * THREADS; i++) src[i] = i;
        block_offset = 0;
    }
    upc_barrier;
    upc_all_scatter(&dst[block_offset * N], src, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: done\n", MYTHREAD);
    return 0;
}
