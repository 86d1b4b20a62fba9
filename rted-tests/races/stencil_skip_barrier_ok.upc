/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * files: stencil_skip_barrier_lib.upc
 * flags: --upccheck:-r
 */
/* Correct twin of stencil_skip_barrier_err.upc: the progress report is printed besides the barrier, which every step runs */
#include <upc.h>
#include <stdio.h>

#define NLOC 8
#define STEPS 20

shared [NLOC] double grid[NLOC * THREADS];
extern void smooth(double *out);

int main(void)
{
    double next[NLOC];
    int i, step;
    for (i = 0; i < NLOC; i++)
        grid[MYTHREAD * NLOC + i] = (MYTHREAD * NLOC + i) % 3;
    upc_barrier;
    for (step = 1; step <= STEPS; step++) {
        smooth(next);
        if (step % 10 == 0 && MYTHREAD == 0)
            printf("step %d\n", step);
        upc_barrier;
        for (i = 0; i < NLOC; i++)
            grid[MYTHREAD * NLOC + i] = next[i];
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("grid[1] = %.4f\n", grid[1]);
    return 0;
}
