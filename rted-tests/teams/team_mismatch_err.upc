/* upc-check-test
 * expect: collective-mismatch
 * line: 24 26
 * threads: 2 4 8
 */
/* Error: in each team of two the member with rank 1 calls a broadcast while the others call an allreduce */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int odd_one;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) odd_one = 1;
    upc_barrier;
    upccoll_team_t t;
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD / 2, MYTHREAD % 2, &t);
    int r;
    upccoll_team_rank(t, &r);
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    if (odd_one && r == 1)
        upccoll_bcast((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, 0, t, 0, NULL);
    else
        upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, t, 0, NULL);
    printf("thread %d: %d\n", MYTHREAD, b[1]);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
