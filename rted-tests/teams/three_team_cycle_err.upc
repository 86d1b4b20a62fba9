/* upc-check-test
 * expect: team-deadlock
 * line: 24
 * threads: 2 4 8
 */
/* Error: threads 0, 1 and 2 each belong to two of three overlapping teams and enter their collectives in an order that forms a cycle (0 waits for 1, 1 for 2, 2 for 0) when a run-time flag is set; with two threads, two teams of both threads entered in opposite orders */
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
    if (MYTHREAD == 0) cyc = 1;
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
