/* upc-check-test
 * expect: team-split-keys
 * line: 18
 * threads: 2 4 8
 */
/* Error: every thread passes key 0 to upccoll_team_split (a key computed from a shared scale that is 0) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int scale;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) scale = 0;
    upc_barrier;
    upccoll_team_t t;
    upccoll_team_split(UPC_TEAM_ALL, 0, MYTHREAD * scale, &t);
    upccoll_barrier(t, 0, NULL);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
