/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_scatter_src_err.upc: thread 0's buffer is published and used by every thread */
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
    src = common;
    upc_all_scatter(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
