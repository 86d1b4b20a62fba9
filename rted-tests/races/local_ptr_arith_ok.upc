/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * nodes: one
 * flags: --upccheck:-r
 */
/* Correct twin of local_ptr_arith_err.upc: a barrier between the fill and the neighbour's read */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] double v[N * THREADS];

int main(void)
{
    double *p = (double *)&v[MYTHREAD * N];
    const double *q = (const double *)&v[0];
    double s = 0;
    int i;
    for (i = 0; i < N; i++) *p++ = 0.5 * i;
    upc_barrier;
    if (MYTHREAD == 1)
        for (i = 0; i < N; i++)
            s += *(q + i);
    upc_barrier;
    printf("%g\n", s);
    return 0;
}
