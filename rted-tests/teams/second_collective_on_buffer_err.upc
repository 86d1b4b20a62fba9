/* upc-check-test
 * expect: buffer-in-flight
 * line: 23
 * threads: 2 4 8
 */
/* Error: an allreduce writes into the receive buffer of a broadcast that is still in flight (the broadcast is waited for first only when a run-time flag says so) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int wait_first;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) wait_first = 0;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(4 * sizeof(int));
    b[0] = MYTHREAD; b[1] = 1;
    upccoll_handle_t h;
    upccoll_bcast((shared void *)b, 1, UPC_INT, (shared void *)(b + 2), 1, UPC_INT, 0, UPC_TEAM_ALL, 0, &h);
    if (wait_first)
        upccoll_wait(h);
    upccoll_allreduce((shared void *)(b + 1), (shared void *)(b + 2), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, NULL);
    if (!wait_first)
        upccoll_wait(h);
    printf("thread %d: %d\n", MYTHREAD, b[2]);
    upccoll_finalize();
    return 0;
}
