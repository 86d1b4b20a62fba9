/* upc-check-test
 * expect: team-split-keys
 * line: 19
 * threads: 2 4 8
 */
/* Error: the keys of the odd team start at 1 (MYTHREAD / 2 + offset, offset read at run time), so no member has key 0 */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int offset;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) offset = 1;
    upc_barrier;
    upccoll_team_t t;
    int key = MYTHREAD / 2 + (MYTHREAD % 2 ? offset : 0);
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD % 2, key, &t);
    upccoll_barrier(t, 0, NULL);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
