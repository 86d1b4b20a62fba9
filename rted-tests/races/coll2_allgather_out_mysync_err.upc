/* upc-check-test
 * expect: data-race
 * line: 26 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: coll2_allgather_out_mysync_err.upc:26 and coll2_allgather_out_mysync_err.upc:27
 */
/* Collectives 2.0 with UPC_OUT_MYSYNC: the all-gather returns once the calling thread's own
   receive buffer is written; the next member's copy may still be in flight. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

#define P 4
#define MAXT 4
shared [P] double mine[P * THREADS];
shared [P * MAXT] double all[P * MAXT * THREADS];

int main(int argc, char **argv)
{
    int i;
    double x;
    upccoll_initialize(&argc, &argv);
    for (i = 0; i < P; i++)
        mine[MYTHREAD * P + i] = MYTHREAD + 0.25 * i;
    upccoll_allgather(&mine[MYTHREAD * P], P, UPC_DOUBLE, &all[MYTHREAD * P * MAXT], P, UPC_DOUBLE, UPC_TEAM_ALL, UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, NULL);
    x = all[((MYTHREAD + 1) % THREADS) * P * MAXT + 1];
    printf("thread %d: %g\n", MYTHREAD, x);
    upccoll_finalize();
    return 0;
}
