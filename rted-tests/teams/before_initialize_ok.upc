/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Twin of before_initialize_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int init_first;

int main(int argc, char **argv)
{
    if (MYTHREAD == 0) init_first = 1;
    upc_barrier;
    if (init_first)
        upccoll_initialize(&argc, &argv);
    upccoll_barrier(UPC_TEAM_ALL, 0, NULL);
    if (!init_first)
        upccoll_initialize(&argc, &argv);
    upccoll_finalize();
    return 0;
}
