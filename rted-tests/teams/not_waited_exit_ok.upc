/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of not_waited_exit_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int skip;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) skip = 0;
    upc_barrier;
    upccoll_handle_t h;
    upccoll_barrier(UPC_TEAM_ALL, 0, &h);
    if (!skip) {
        upccoll_wait(h);
        upccoll_finalize();
    }
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
