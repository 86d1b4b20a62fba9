/* upc-check-test
 * expect: single-valued-mismatch
 * line: 24
 * threads: 2 4 8
 */
/* Error: the members of a team broadcast from different roots (each takes its own team rank as the root when a run-time flag is set) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int own_root;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) own_root = 1;
    upc_barrier;
    upccoll_team_t t;
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD / 2, MYTHREAD % 2, &t);
    int r;
    upccoll_team_rank(t, &r);
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    int root = own_root ? r : 0;
    upccoll_bcast((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, root, t, 0, NULL);
    printf("thread %d: %d\n", MYTHREAD, b[1]);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
