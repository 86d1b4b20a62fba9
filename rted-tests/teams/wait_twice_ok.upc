/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of wait_twice_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int rounds;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) rounds = 1;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    upc_barrier;
    upccoll_handle_t h;
    upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, &h);
    for (int i = 0; i < rounds; i++)
        upccoll_wait(h);
    printf("thread %d: sum %d\n", MYTHREAD, b[1]);
    upccoll_finalize();
    return 0;
}
