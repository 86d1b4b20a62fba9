/* upc-check-test
 * expect: data-race
 * line: 23 27
 * threads: 2 3 4
 * nodes: one
 * flags: --upccheck:-r
 * report: the two accesses: local_ptr_arith_err.upc:23 and local_ptr_arith_err.upc:27
 */
/* Each thread fills its block through a walking pointer-to-local (*p++); thread 1 reads
   thread 0's block with *(q + i) before any barrier */
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
    /* missing: upc_barrier; */
    if (MYTHREAD == 1)
        for (i = 0; i < N; i++)
            s += *(q + i);
    upc_barrier;
    printf("%g\n", s);
    return 0;
}
