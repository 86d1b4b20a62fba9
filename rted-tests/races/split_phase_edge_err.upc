/* upc-check-test
 * expect: data-race
 * line: 25 29
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: split_phase_edge_err.upc:25 and split_phase_edge_err.upc:29
 */
/* Split-phase barrier with work between upc_notify and upc_wait: each thread publishes its
   edge value before the notify, but reads its left neighbour's edge before the wait, when
   the neighbour may not have written it yet. */
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
        left = edge[(MYTHREAD + THREADS - 1) % THREADS];
        upc_wait;
        upc_barrier;
    }
    printf("%d: %g %g\n", MYTHREAD, left, sum);
    return 0;
}
