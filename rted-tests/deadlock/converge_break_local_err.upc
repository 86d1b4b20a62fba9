/* upc-check-test
 * expect: finished-while-waiting
 * line: 29 34
 * threads: 2 4 8
 */
/* Error: the Jacobi loop breaks on a local convergence test; thread 0's part converges first, it leaves the loop of barriers and ends while the others wait */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#define N 16
shared [N] double u[N * THREADS];
shared [N] double unew[N * THREADS];

int main(void)
{
    int it, i;
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
