/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Twin of after_finalize_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int order;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) order = 0;
    upc_barrier;
    if (order)
        upccoll_finalize();
    upccoll_barrier(UPC_TEAM_ALL, 0, NULL);
    if (!order)
        upccoll_finalize();
    return 0;
}
