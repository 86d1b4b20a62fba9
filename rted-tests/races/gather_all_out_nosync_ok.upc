/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of gather_all_out_nosync_err.upc: a barrier after the NOSYNC gather_all */
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
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d\n", all[(THREADS - 1) * 8 + 1]);
    upc_barrier;
    return 0;
}
