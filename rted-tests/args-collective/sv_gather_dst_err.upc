/* upc-check-test
 * expect: single-valued-mismatch
 * line: 22
 * threads: 2 4
 */
/* Error: every thread gathers into its own upc_alloc buffer instead of a common destination */
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
    dst = mine;
    upc_all_gather(dst, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[1] = %d\n", dst[1]);
    return 0;
}
