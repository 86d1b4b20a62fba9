/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4
 */
/* Error: the scatter destination is offset by one block, so it has affinity to thread 1 instead of thread 0 */
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
        block_offset = 1;
    }
    upc_barrier;
    upc_all_scatter(&dst[block_offset * N], src, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: done\n", MYTHREAD);
    return 0;
}
