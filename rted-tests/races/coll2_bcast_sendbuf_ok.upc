/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of coll2_bcast_sendbuf_err.upc: the send buffer is reused after upccoll_wait */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>

#define P 4
shared [P] double params[P * THREADS];
shared [P] double got[P * THREADS];

int main(int argc, char **argv)
{
    int i;
    upccoll_handle_t h;
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) for (i = 0; i < P; i++) params[i] = 1.5 * i;
    upccoll_bcast(&params[MYTHREAD * P], P, UPC_DOUBLE, &got[MYTHREAD * P], P, UPC_DOUBLE, 0, UPC_TEAM_ALL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC, &h);
    upccoll_wait(h);
    if (MYTHREAD == 0)
        params[0] = -1.0;
    printf("thread %d: %g\n", MYTHREAD, got[MYTHREAD * P + 1]);
    upccoll_finalize();
    return 0;
}
