/* upc-check-test
 * expect: invalid-argument
 * line: 18
 * threads: 2 4
 */
/* Error: a team barrier before upccoll_initialize (initialization comes first only when a run-time flag says so) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int init_first;

int main(int argc, char **argv)
{
    if (MYTHREAD == 0) init_first = 0;
    upc_barrier;
    if (init_first)
        upccoll_initialize(&argc, &argv);
    upccoll_barrier(UPC_TEAM_ALL, 0, NULL);
    if (!init_first)
        upccoll_initialize(&argc, &argv);
    upccoll_finalize();
    return 0;
}
