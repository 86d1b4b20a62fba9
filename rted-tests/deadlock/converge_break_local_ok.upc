/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the local differences are summed into a global one and every thread tests the same value */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#define N 16
shared [N] double u[N * THREADS];
shared [N] double unew[N * THREADS];
shared double part[THREADS];

int main(void)
{
    int it, i, t;
    double diff;
    for (i = 0; i < N; i++)
        u[MYTHREAD * N + i] = MYTHREAD * (double) (i * i);
    upc_barrier;
    for (it = 0; it < 100; it++) {
        diff = 0.0;
        for (i = 1; i < N - 1; i++) {
            int g = MYTHREAD * N + i;
            unew[g] = 0.5 * (u[g - 1] + u[g + 1]);
            diff += fabs(unew[g] - u[g]);
        }
        part[MYTHREAD] = diff;
        upc_barrier;
        diff = 0.0;
        for (t = 0; t < THREADS; t++)
            diff += part[t];
        upc_barrier;
        if (diff < 1e-9)
            break;
        for (i = 1; i < N - 1; i++)
            u[MYTHREAD * N + i] = unew[MYTHREAD * N + i];
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("stopped after %d\n", it);
    return 0;
}
