/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: every thread adds the partial residuals in the same order, so all get bit-identical sums and leave the loop at the same step */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NPART 4
shared double part[NPART * THREADS];     /* entries 0..3 are used */
shared double result;
shared double contrib[THREADS];

static double global_residual(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < NPART; k++)
        s += part[k];
    return s;
}

int main(void)
{
    int it = 0, k;
    double res;
    do {
        if (MYTHREAD == 0)
            for (k = 0; k < NPART; k++)
                part[k] = (k % 2) ? 1.0 : (k == 0 ? 1e16 : -1e16) / (it + 1);
        upc_barrier;
        res = global_residual();
        it++;
        contrib[MYTHREAD] = res;
        upc_barrier;
    } while (res > 0.5 && it < 5);
    upc_all_reduceD(&result, contrib, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("%d iterations, %g\n", it, result);
    return 0;
}
