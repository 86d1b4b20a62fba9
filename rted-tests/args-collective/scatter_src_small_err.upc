/* upc-check-test
 * expect: invalid-argument
 * line: 25
 * threads: 2 4
 */
/* Error: the scatter source is allocated for THREADS - 1 pieces (a count read from shared data), but upc_all_scatter reads THREADS pieces */
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
        pieces = THREADS - 1;
        src = (shared [] int *) upc_alloc(pieces * N * sizeof(int));
        for (i = 0; i < pieces * N; i++) src[i] = i;
    }
    upc_barrier;
    upc_all_scatter(dst, src, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD * N]);
    return 0;
}
