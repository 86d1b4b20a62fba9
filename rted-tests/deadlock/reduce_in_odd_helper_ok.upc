/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: every thread computes the norm; only the odd threads use it */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 8
shared double resid[N * THREADS];
shared double norm;

static double boundary_norm(void)
{
    upc_all_reduceD(&norm, resid, UPC_ADD, N * THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return norm;
}

int main(void)
{
    int i;
    double nrm = 0.0, all;
    for (i = 0; i < N; i++)
        resid[MYTHREAD * N + i] = 0.5;
    upc_barrier;
    all = boundary_norm();
    if (MYTHREAD % 2)
        nrm = all;
    upc_barrier;
    if (MYTHREAD == 1)
        printf("norm %g\n", nrm);
    return 0;
}
