/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the convergence decision is made from the reduced (single-valued) residual, so every thread leaves the loop at the same step */
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

        res[MYTHREAD] = r;
        upc_barrier;
        upc_all_reduceD(&gres, res, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        if (gres == 0.0) break;
    }
    upc_all_broadcast(allres, &gres, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("steps %d\n", step);
    return 0;
}
