/* upc-check-test
 * expect: data-race
 * line: 20 24
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: coll2_barrier_handle_err.upc:20 and coll2_barrier_handle_err.upc:24
 */
/* A split-phase barrier with Collectives 2.0: thread 1 reads the value between the
   initiation of upccoll_barrier and its upccoll_wait, where nothing orders it yet */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

shared double residual;

int main(int argc, char **argv)
{
    upccoll_handle_t h;
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) residual = 0.125;
    upccoll_barrier(UPC_TEAM_ALL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, &h);
    /* overlap: do something useful ... and peek too early */
    if (MYTHREAD == 1)
        printf("residual %g\n", residual);
    upccoll_wait(h);
    upccoll_finalize();
    return 0;
}
