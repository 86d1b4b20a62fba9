/* upc-check-test
 * expect: single-valued-mismatch
 * line: 23
 * threads: 2 4
 */
/* Error: every thread scatters from its own freshly allocated buffer instead of one common source */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared [] int *shared common;
shared int dst[THREADS];

int main(void)
{
    shared [] int *mine = (shared [] int *) upc_alloc(THREADS * sizeof(int));
    shared [] int *src;
    int i;
    for (i = 0; i < THREADS; i++) mine[i] = 10 * i;
    if (MYTHREAD == 0) common = mine;
    upc_barrier;
    src = mine;
    upc_all_scatter(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
