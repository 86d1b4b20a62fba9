/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * nodes: one
 * flags: --upccheck:-r
 */
/* Correct twin of local_cast_alias_err.upc: the read through the cast pointer comes after a barrier */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] double v[N * THREADS];

int main(void)
{
    double *mine = (double *)&v[MYTHREAD * N];
    const double *first;
    double s = 0;
    int i;
    for (i = 0; i < N; i++)
        mine[i] = i;
    upc_barrier;
    first = (const double *)&v[0];
    if (MYTHREAD == 1)
        s = first[2];
    printf("%g\n", s);
    return 0;
}
