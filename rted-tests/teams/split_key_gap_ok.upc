/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of split_key_gap_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int offset;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) offset = 0;
    upc_barrier;
    upccoll_team_t t;
    int key = MYTHREAD / 2 + (MYTHREAD % 2 ? offset : 0);
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD % 2, key, &t);
    upccoll_barrier(t, 0, NULL);
    upccoll_team_free(t);
    upccoll_finalize();
    return 0;
}
