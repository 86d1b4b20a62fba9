/* upc-check-test
 * expect: collective-mismatch
 * line: 41 45
 * threads: 2 3 4
 */
/* Error: the solver checks convergence (a reduction hidden in a macro) every `check_every` iterations; after 40 iterations thread 0 alone makes its checks more frequent from its own residual, so from then on it reaches the collective in iterations where the others do not, and ends its loop in a reduction while the others are at the final barrier */
#include <upc.h>
#include <stdio.h>
#include "adaptive_check_interval.h"

#define NITER 100
#define N 64

shared double resid[THREADS];
shared double gmax;

static double x[N];

static double relax(int iter)
{
    int i;
    double r = 0;
    for (i = 0; i < N; i++) {
        double nx = 0.5 * x[i] + 1.0 / (iter + i + 1);
        r += (nx - x[i]) * (nx - x[i]);
        x[i] = nx;
    }
    return r;
}

int main(void)
{
    int iter, check_every = 10, checks = 0;
    for (iter = 1; iter <= NITER; iter++) {
        double r = relax(iter);
        resid[MYTHREAD] = r;
        if (MYTHREAD == 0 && iter == 40 && r < 1.0)
            check_every = 5;        /* "adaptive" checking, decided locally */
        if (iter % check_every == 0) {
            checks++;
            if (CONVERGED(resid, &gmax, 1e-30))
                break;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d checks, residual %g\n", checks, gmax);
    return 0;
}
