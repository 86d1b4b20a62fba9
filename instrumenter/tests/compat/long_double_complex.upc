/* long_double_complex.upc -- extended and complex types in shared memory:
 * a shared long double array reduced with upc_all_reduceLD, float _Complex and
 * double _Complex elements written by their owners and combined by thread 0. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <complex.h>
#include <float.h>

#define PER 4

shared long double terms[PER * THREADS];
shared long double total;
shared float _Complex zf[THREADS];
shared double _Complex zd[THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < PER * THREADS; i++; &terms[i])
        terms[i] = 1.0L / ((long double)(i + 1) * (i + 2)); /* telescoping */
    zf[MYTHREAD] = (float)MYTHREAD + 1.0f * I;
    zd[MYTHREAD] = cexp(I * 0.5 * MYTHREAD);
    upc_all_reduceLD(&total, terms, UPC_ADD, PER * THREADS, 1, NULL,
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        long double expect = 1.0L - 1.0L / (PER * THREADS + 1);
        float _Complex sf = 0;
        double _Complex prod = 1;
        for (i = 0; i < THREADS; i++) {
            sf += zf[i];
            prod *= zd[i];
        }
        printf("sizeof(long double) %s sizeof(double)\n",
               sizeof(long double) >= sizeof(double) ? ">=" : "<");
        printf("telescoping sum %s\n",
               (total - expect < 1e-15L && expect - total < 1e-15L) ? "ok" : "WRONG");
        printf("sum of zf: imag = %d, real ok = %d\n", (int)cimagf(sf) == THREADS,
               crealf(sf) == (float)(THREADS * (THREADS - 1) / 2));
        printf("|product of unit phases| = %.6f\n", cabs(prod));
    }
    return 0;
}
