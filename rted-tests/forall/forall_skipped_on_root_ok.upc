/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct: every thread takes part in the smoothing sweep, the root thread too, before
 * the barrier after which it gathers the result */
#include <upc.h>
#include <stdio.h>

#define N 16
shared double u[N * THREADS], v[N * THREADS];

static void smooth(void)
{
    int i;
    upc_forall (i = 1; i < N * THREADS - 1; i++; &v[i])
        v[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

int main(void)
{
    int i;
    double sum = 0.0;

    upc_forall (i = 0; i < N * THREADS; i++; &u[i])
        u[i] = (double)i;
    upc_barrier;
    smooth();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            sum += v[i];
        printf("sum = %g\n", sum);
    }
    return 0;
}
