/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of scatter_src_small_err.upc: the source is allocated for THREADS pieces */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 2
shared [] int *shared src;
shared [N] int dst[N * THREADS];
shared int pieces;

int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        pieces = THREADS;
        src = (shared [] int *) upc_alloc(pieces * N * sizeof(int));
        for (i = 0; i < pieces * N; i++) src[i] = i;
    }
    upc_barrier;
    upc_all_scatter(dst, src, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD * N]);
    return 0;
}
