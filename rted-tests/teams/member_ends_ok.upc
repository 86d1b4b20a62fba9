/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of member_ends_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int quit;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) quit = 0;
    upc_barrier;
    if (quit && MYTHREAD == THREADS - 1)
        return 0;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = 5;
    upccoll_bcast((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, THREADS - 1, UPC_TEAM_ALL, 0, NULL);
    upccoll_finalize();
    return 0;
}
