/* Helper of stencil_skip_barrier_{err,ok}.upc: the smoothing kernel, in a file of its own
 * as a library routine; it reads the neighbours' boundary cells of the shared grid. */
#include <upc.h>

#define NLOC 8

extern shared [NLOC] double grid[NLOC * THREADS];

void smooth(double *out)
{
    int i, g;
    for (i = 0; i < NLOC; i++) {
        g = MYTHREAD * NLOC + i;
        double left = g > 0 ? grid[g - 1] : 0.0;
        double right = g < NLOC * THREADS - 1 ? grid[g + 1] : 0.0;
        out[i] = 0.25 * left + 0.5 * grid[g] + 0.25 * right;
    }
}
