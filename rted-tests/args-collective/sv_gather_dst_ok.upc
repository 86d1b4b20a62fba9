/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_gather_dst_err.upc: every thread passes thread 0's buffer */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared [] int *shared common;

int main(void)
{
    shared [] int *mine = (shared [] int *) upc_alloc(THREADS * sizeof(int));
    shared [] int *dst;
    part[MYTHREAD] = MYTHREAD * 2;
    if (MYTHREAD == 0) common = mine;
    upc_barrier;
    dst = common;
    upc_all_gather(dst, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[1] = %d\n", dst[1]);
    return 0;
}
