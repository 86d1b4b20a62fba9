/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of freed_team_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int early;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) early = 0;
    upc_barrier;
    upccoll_team_t half;
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD % 2, MYTHREAD / 2, &half);
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    if (early)
        upccoll_team_free(half);
    upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, half, 0, NULL);
    printf("thread %d: %d\n", MYTHREAD, b[1]);
    if (!early)
        upccoll_team_free(half);
    upccoll_finalize();
    return 0;
}
