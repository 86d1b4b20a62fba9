/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of root_mismatch_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int own_root;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) own_root = 0;
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
