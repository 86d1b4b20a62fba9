/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: a team barrier after upccoll_finalize (the finalize comes last only when a run-time flag says so) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int order;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) order = 1;
    upc_barrier;
    if (order)
        upccoll_finalize();
    upccoll_barrier(UPC_TEAM_ALL, 0, NULL);
    if (!order)
        upccoll_finalize();
    return 0;
}
