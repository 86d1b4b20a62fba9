/* upc-check-test
 * expect: collective-mismatch
 * line: 17 31
 * threads: 2 4 8
 */
/* Error: the norm of the residual is reduced in a helper that only odd threads call (the even ones "have no boundary"), so the even threads reach the barrier while the odd ones are in upc_all_reduceD */
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
    double nrm = 0.0;
    for (i = 0; i < N; i++)
        resid[MYTHREAD * N + i] = 0.5;
    upc_barrier;
    if (MYTHREAD % 2)
        nrm = boundary_norm();
    upc_barrier;
    if (MYTHREAD == 1)
        printf("norm %g\n", nrm);
    return 0;
}
