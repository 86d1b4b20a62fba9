/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Twin of bogus_team_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared long id;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) id = 0;
    upc_barrier;
    upccoll_team_t t = (upccoll_team_t)id;
    upccoll_barrier(t, 0, NULL);
    upccoll_finalize();
    return 0;
}
