/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of coll2_barrier_handle_err.upc: the value is read after upccoll_wait */
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
    upccoll_wait(h);
    if (MYTHREAD == 1)
        printf("residual %g\n", residual);
    upccoll_finalize();
    return 0;
}
