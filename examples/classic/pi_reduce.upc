/* upc-check-test
 * expect: clean
 * threads: 1 2 4 8
 * stdout: pi = 3.14159
 */
/* Pi by the midpoint rule for the integral of 4/(1+x^2) over [0,1]; each thread sums its
 * share of the intervals and upc_all_reduceD adds the partial sums. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define INTERVALS 1000000
shared double partial[THREADS];
shared double pi;

int main(void)
{
    int i;
    double h = 1.0 / INTERVALS, s = 0.0;

    for (i = MYTHREAD; i < INTERVALS; i += THREADS) {
        double x = h * (i + 0.5);
        s += 4.0 / (1.0 + x * x);
    }
    partial[MYTHREAD] = s * h;
    upc_all_reduceD(&pi, partial, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("pi = %.8f\n", pi);
    return 0;
}
