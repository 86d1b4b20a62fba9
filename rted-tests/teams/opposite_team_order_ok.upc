/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of opposite_team_order_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int swap;

static void sum(upccoll_team_t t, shared [] int *b)
{
    upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, t, 0, NULL);
}

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) swap = 0;
    upc_barrier;
    upccoll_team_t a, b;
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD / 2, MYTHREAD % 2, &a);
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD / 2, MYTHREAD % 2, &b);
    shared [] int *x = (shared [] int *)upc_alloc(2 * sizeof(int));
    x[0] = MYTHREAD;
    if (swap && MYTHREAD % 2) {
        sum(b, x);
        sum(a, x);
    } else {
        sum(a, x);
        sum(b, x);
    }
    printf("thread %d: %d\n", MYTHREAD, x[1]);
    upccoll_team_free(b);
    upccoll_team_free(a);
    upccoll_finalize();
    return 0;
}
