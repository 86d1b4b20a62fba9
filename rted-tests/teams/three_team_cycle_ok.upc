/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of three_team_cycle_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int cyc;

/* a team of threads x and y (keys by thread order), every other thread alone */
static upccoll_team_t pair(int x, int y)
{
    upccoll_team_t t;
    int in = MYTHREAD == x || MYTHREAD == y;
    int lo = x < y ? x : y;
    upccoll_team_split(UPC_TEAM_ALL, in ? -1 : MYTHREAD, in ? MYTHREAD != lo : 0, &t);
    return t;
}

static void bar(upccoll_team_t t)
{
    upccoll_barrier(t, 0, NULL);
}

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) cyc = 0;
    upc_barrier;
    /* with two threads: two teams of both threads (c is b) */
    upccoll_team_t a = pair(0, 1), b = pair(1, THREADS > 2 ? 2 : 0);
    upccoll_team_t c = THREADS > 2 ? pair(0, 2) : b;
    if (MYTHREAD == 0) { bar(a); bar(c); }
    if (MYTHREAD == 1) { bar(cyc ? b : a); bar(cyc ? a : b); }
    if (MYTHREAD == 2) { bar(c); bar(b); }
    printf("thread %d passed\n", MYTHREAD);
    if (THREADS > 2)
        upccoll_team_free(c);
    upccoll_team_free(b);
    upccoll_team_free(a);
    upccoll_finalize();
    return 0;
}
