/* upc-check-test
 * expect: team-deadlock
 * line: 22
 * threads: 2 4 8
 */
/* Error: thread 0 waits in a team allreduce for thread 1, which skipped it and waits in upc_barrier */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int skip;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) skip = 1;
    upc_barrier;
    upccoll_team_t t;
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD / 2, MYTHREAD % 2, &t);
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    if (!(skip && MYTHREAD == 1))
        upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, t, 0, NULL);
    upc_barrier;
    if (skip && MYTHREAD == 1)
        upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, t, 0, NULL);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
