/* upc-check-test
 * expect: collective-mismatch
 * line: 33 39
 * threads: 2 4 8
 */
/* Error: each thread adds up the four shared partial residuals itself, starting at entry MYTHREAD % 4; floating-point addition is not associative, so the threads' sums differ, some leave the iteration loop at the first test and reach upc_all_reduceD while the others wait at the loop's barrier */
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
        s += part[(MYTHREAD + k) % NPART];
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
