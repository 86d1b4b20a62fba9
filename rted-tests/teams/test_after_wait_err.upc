/* upc-check-test
 * expect: invalid-argument
 * line: 26
 * threads: 2 4 8
 */
/* Error: upccoll_test on a handle already completed by upccoll_wait */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int poll_after;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) poll_after = 1;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    upc_barrier;
    upccoll_handle_t h;
    upccoll_bcast((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, 0, UPC_TEAM_ALL, 0, &h);
    int done = 0;
    if (!poll_after)
        done = upccoll_test(h);
    upccoll_wait(h);
    if (poll_after)
        done = upccoll_test(h);
    printf("thread %d: got %d (%d)\n", MYTHREAD, b[1], done);
    upccoll_finalize();
    return 0;
}
