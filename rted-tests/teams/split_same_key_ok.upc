/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of split_same_key_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int scale;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) scale = 1;
    upc_barrier;
    upccoll_team_t t;
    upccoll_team_split(UPC_TEAM_ALL, 0, MYTHREAD * scale, &t);
    upccoll_barrier(t, 0, NULL);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
