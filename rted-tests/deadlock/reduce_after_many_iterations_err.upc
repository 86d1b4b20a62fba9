/* upc-check-test
 * expect: collective-mismatch
 * line: 28 32
 * threads: 2 3 4 8
 */
/* Error: a convergence loop runs 50 steps with a barrier and a reduction each; at step 37 thread 1 decides locally it has converged and leaves, meeting the others' barrier with its final broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double res[THREADS];
shared double gres;
shared double allres[THREADS];

static double local_residual(int step)
{
    return (MYTHREAD == 1 && step >= 37) ? 0.0 : 1.0 / (step + 1);
}

int main(void)
{
    int step;
    double r;
    for (step = 0; step < 50; step++) {
        r = local_residual(step);
        if (r == 0.0) break;
        res[MYTHREAD] = r;
        upc_barrier;
        upc_all_reduceD(&gres, res, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    }
    upc_all_broadcast(allres, &gres, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("steps %d\n", step);
    return 0;
}
