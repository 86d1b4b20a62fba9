/* upc-check-test
 * expect: invalid-argument
 * line: 18
 * threads: 2 4
 */
/* Error: a team handle that no upccoll_team_split returned (an integer read at run time) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared long id;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) id = 12345;
    upc_barrier;
    upccoll_team_t t = (upccoll_team_t)id;
    upccoll_barrier(t, 0, NULL);
    upccoll_finalize();
    return 0;
}
