/* upc-check-test
 * expect: data-race
 * line: stencil_skip_barrier_lib.upc:14 stencil_skip_barrier_lib.upc:15 32
 * threads: 2 3 4
 * files: stencil_skip_barrier_lib.upc
 * flags: --upccheck:-r
 */
/* Error: the time loop skips the barrier between computing and storing when it prints progress (every 10th step, a the barrier sits in the else branch of the progress report), so at step 10 a thread stores its new cells while its neighbour's smoothing kernel (in another file) still reads them */
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
        if (step % 10 == 0) {
            if (MYTHREAD == 0) printf("step %d\n", step);
        } else
            upc_barrier;
        for (i = 0; i < NLOC; i++)
            grid[MYTHREAD * NLOC + i] = next[i];
        upc_barrier;
    }
    if (MYTHREAD == 0) printf("grid[1] = %.4f\n", grid[1]);
    return 0;
}
