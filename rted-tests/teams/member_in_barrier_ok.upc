/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of member_in_barrier_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int skip;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) skip = 0;
    upc_barrier;
    upccoll_team_t t;
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD / 2, MYTHREAD % 2, &t);
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    if (!(skip && MYTHREAD == 1))
        upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, t, 0, NULL);
    upc_barrier;
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
