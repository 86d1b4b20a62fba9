/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of split_phase_edge_err.upc: the work between upc_notify and upc_wait touches
   only the thread's own block; the neighbour's edge is read after the wait. */
#include <upc.h>
#include <stdio.h>

#define B 16
shared [B] double u[B * THREADS];
shared double edge[THREADS];

int main(void)
{
    int k, step;
    double left = 0, sum = 0;
    for (k = 0; k < B; k++)
        u[MYTHREAD * B + k] = MYTHREAD + k / 16.0;
    for (step = 0; step < 2; step++) {
        edge[MYTHREAD] = u[MYTHREAD * B + B - 1] + step;
        upc_notify;
        for (k = 0; k < B; k++)
            sum += u[MYTHREAD * B + k];
        upc_wait;
        left = edge[(MYTHREAD + THREADS - 1) % THREADS];
        upc_barrier;
    }
    printf("%d: %g %g\n", MYTHREAD, left, sum);
    return 0;
}
