/* upc-check-test
 * expect: data-race
 * line: 23 26
 * threads: 2 3 4
 * nodes: one
 * flags: --upccheck:-r
 * report: the two accesses: local_cast_alias_err.upc:23 and local_cast_alias_err.upc:26
 */
/* Thread 1 reads thread 0's block through a pointer-to-local cast from a pointer-to-shared while thread 0 writes it the same way, no barrier */
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
    first = (const double *)&v[0];
    if (MYTHREAD == 1)
        s = first[2];
    upc_barrier;
    printf("%g\n", s >= 0 ? 1.0 : 0.0);
    return 0;
}
