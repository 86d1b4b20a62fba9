/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of memget_vs_write_err.upc: the copy waits for the barrier */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] double v[N * THREADS];

int main(void)
{
    double copy[N];
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++) v[i] = i * 0.5;
    upc_barrier;
    if (MYTHREAD == 1) {
        upc_memget(copy, &v[0], N * sizeof(double));
        printf("%g\n", copy[N - 1]);
    }
    return 0;
}
