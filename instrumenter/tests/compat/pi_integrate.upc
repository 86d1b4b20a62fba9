/* Compute pi by integrating 4/(1+x^2) over [0,1] with the midpoint rule:
   the classic first UPC exercise. Each thread sums its share of the
   intervals into a shared array; thread 0 adds up the partial sums. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define N 1000000
#define f(x) (4.0 / (1.0 + (x)*(x)))

shared double partial[THREADS];

int main(void)
{
    int i;
    double sum = 0.0, h = 1.0 / N;

    upc_forall (i = 0; i < N; i++; i)
        sum += f((i + 0.5) * h);
    partial[MYTHREAD] = sum * h;
    upc_barrier;

    if (MYTHREAD == 0) {
        double pi = 0.0;
        for (i = 0; i < THREADS; i++)
            pi += partial[i];
        printf("pi is approximately %.10f\n", pi);
        printf("error %s 1e-10\n", fabs(pi - M_PI) < 1e-10 ? "<" : ">=");
    }
    return 0;
}
