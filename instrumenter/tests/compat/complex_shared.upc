/* C99 complex arithmetic on shared data: each thread computes roots of unity,
   thread 0 checks that they sum to zero and that their product is (-1)^(n+1). */
#include <upc_relaxed.h>
#include <complex.h>
#include <math.h>
#include <stdio.h>

#define PER_THREAD 4

shared double complex roots[PER_THREAD*THREADS];
shared [PER_THREAD] float _Complex froots[PER_THREAD*THREADS];

int main(void)
{
    const double pi = acos(-1.0);
    int n = PER_THREAD * THREADS, i;

    upc_forall (i = 0; i < n; i++; &roots[i]) {
        roots[i] = cexp(2.0 * pi * I * i / n);
    }
    upc_barrier;    /* froots[i] reads roots[i] of other threads */
    upc_forall (i = 0; i < n; i++; &froots[i])
        froots[i] = (float) creal(roots[i]) + (float) cimag(roots[i]) * I;
    upc_barrier;

    if (MYTHREAD == 0) {
        double complex sum = 0, prod = 1;
        float complex fsum = 0;
        for (i = 0; i < n; i++) {
            sum += roots[i];
            prod *= roots[i];
            fsum += froots[i];
        }
        double expect_prod = (n % 2) ? 1.0 : -1.0;
        int ok = cabs(sum) < 1e-9 && fabs(creal(prod) - expect_prod) < 1e-9
                 && fabs(cimag(prod)) < 1e-9 && cabsf(fsum) < 1e-4f
                 && fabs(cabs(roots[1]) - 1.0) < 1e-12 && conj(roots[0]) == 1.0;
        printf("complex roots of unity: %s\n", ok ? "correct" : "WRONG");
    }
    return 0;
}
