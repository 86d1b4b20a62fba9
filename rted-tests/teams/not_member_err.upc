/* upc-check-test
 * expect: invalid-argument
 * line: 26
 * threads: 2 4 8
 */
/* Error: the last thread uses the team handle of thread 0's team, which it does not belong to, taken from a shared variable */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared long handle_of[THREADS];
shared int borrow;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) borrow = 1;
    upccoll_team_t mine;
    /* thread 0 alone, the others together */
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD == 0, MYTHREAD == 0 ? 0 : MYTHREAD - 1, &mine);
    handle_of[MYTHREAD] = (long)mine;
    upc_barrier;
    upccoll_team_t use = mine;
    if (borrow && MYTHREAD == THREADS - 1)
        use = (upccoll_team_t)handle_of[0];
    int size = 0;
    upccoll_team_size(use, &size);
    printf("thread %d: team of %d\n", MYTHREAD, size);
    upc_barrier;
    upccoll_team_free(mine);
    upccoll_finalize();
    return 0;
}
