/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of local_cast_kernel_err.upc: the remote read comes after a barrier. */
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
    upc_barrier;
    first = x[((MYTHREAD + 1) % THREADS) * B];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, first);
    return 0;
}
