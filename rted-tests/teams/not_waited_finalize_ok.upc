/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of not_waited_finalize_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int skip;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) skip = 0;
    shared [] int *b = (shared [] int *)upc_alloc((THREADS + 1) * sizeof(int));
    b[0] = MYTHREAD;
    upc_barrier;
    upccoll_handle_t h;
    upccoll_gather((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, 0, UPC_TEAM_ALL, 0, &h);
    if (!skip)
        upccoll_wait(h);
    upccoll_finalize();
    return 0;
}
