/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: gather_all_out_nosync_err.upc:21 and gather_all_out_nosync_err.upc:23
 */
/* Every thread gets every thread's flag with upc_all_gather_all, then
   thread 0 looks into the last thread's copy at once, under UPC_OUT_NOSYNC */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int mine[THREADS];
shared [8] int all[8 * THREADS];    /* a row of up to 8 per thread */

int main(void)
{
    mine[MYTHREAD] = MYTHREAD * MYTHREAD;
    upc_barrier;
    upc_all_gather_all(all, mine, sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (MYTHREAD == 0)
        printf("%d\n", all[(THREADS - 1) * 8 + 1]);
    upc_barrier;
    return 0;
}
