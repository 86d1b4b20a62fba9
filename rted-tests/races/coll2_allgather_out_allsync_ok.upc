/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Collectives 2.0 with UPC_OUT_ALLSYNC: the all-gather returns on a thread once every
   member's receive buffer is written, so reading the next member's copy right after it is
   ordered, with a blocking call and with a handle completed by upccoll_test and upccoll_wait
   (the twin of coll2_allgather_out_mysync_err.upc). */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

#define P 4
#define MAXT 4
shared [P] double mine[P * THREADS];
shared [P * MAXT] double all[P * MAXT * THREADS];
shared [P * MAXT] double all2[P * MAXT * THREADS];

int main(int argc, char **argv)
{
    int i;
    double x;
    upccoll_handle_t h;
    upccoll_initialize(&argc, &argv);
    for (i = 0; i < P; i++)
        mine[MYTHREAD * P + i] = MYTHREAD + 0.25 * i;
    upccoll_allgather(&mine[MYTHREAD * P], P, UPC_DOUBLE, &all[MYTHREAD * P * MAXT], P, UPC_DOUBLE,
                      UPC_TEAM_ALL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, NULL);
    x = all[((MYTHREAD + 1) % THREADS) * P * MAXT + 1];
    upccoll_allgather(&mine[MYTHREAD * P], P, UPC_DOUBLE, &all2[MYTHREAD * P * MAXT], P, UPC_DOUBLE,
                      UPC_TEAM_ALL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, &h);
    while (!upccoll_test(h))
        ;
    upccoll_wait(h);
    x += all2[((MYTHREAD + 1) % THREADS) * P * MAXT + 2];
    printf("thread %d: %g\n", MYTHREAD, x);
    upccoll_finalize();
    return 0;
}
