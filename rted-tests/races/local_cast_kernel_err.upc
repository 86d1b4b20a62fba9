/* upc-check-test
 * expect: data-race
 * line: 24 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: local_cast_kernel_err.upc:24 and local_cast_kernel_err.upc:25
 */
/* Benchmark kernel with a deliberate bug: each thread scales its block through a
   pointer-to-local cast of its part, while the previous thread reads the block's first
   element remotely without a barrier. */
#include <upc.h>
#include <stdio.h>

#define B 64
shared [B] double x[B * THREADS];

int main(void)
{
    double *mine = (double *)&x[MYTHREAD * B];
    double first;
    int k;
    for (k = 0; k < B; k++) mine[k] = k + MYTHREAD;
    upc_barrier;
    for (k = 0; k < B; k++) mine[k] *= 2.0;
    first = x[((MYTHREAD + 1) % THREADS) * B];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, first);
    return 0;
}
