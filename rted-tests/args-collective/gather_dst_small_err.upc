/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: the gather destination is allocated for one element less than THREADS */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int part[THREADS];
shared [] int *shared all;

int main(void)
{
    part[MYTHREAD] = MYTHREAD * MYTHREAD;
    if (MYTHREAD == 0) all = (shared [] int *) upc_alloc((THREADS - 1) * sizeof(int));
    upc_barrier;
    upc_all_gather(all, part, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("all[1] = %d\n", all[1]);
    return 0;
}
