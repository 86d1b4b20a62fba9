/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of gather_out_nosync_err.upc: UPC_OUT_ALLSYNC completes the gather before anyone returns */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double local_min[THREADS];
#define MAXT 64
shared [] double all_min[MAXT];    /* on thread 0, room for up to MAXT threads */

int main(void)
{
    int t;
    double best;
    local_min[MYTHREAD] = 1.0 / (MYTHREAD + 1);
    upc_all_gather(all_min, local_min, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        for (best = all_min[0], t = 1; t < THREADS; t++)
            if (all_min[t] < best) best = all_min[t];
        printf("min %g\n", best);
    }
    return 0;
}
