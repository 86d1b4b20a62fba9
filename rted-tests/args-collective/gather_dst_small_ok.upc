/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of gather_dst_small_err.upc: the destination has room for THREADS elements */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared [] int *shared all;

int main(void)
{
    part[MYTHREAD] = MYTHREAD * MYTHREAD;
    if (MYTHREAD == 0) all = (shared [] int *) upc_alloc(THREADS * sizeof(int));
    upc_barrier;
    upc_all_gather(all, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("all[1] = %d\n", all[1]);
    return 0;
}
