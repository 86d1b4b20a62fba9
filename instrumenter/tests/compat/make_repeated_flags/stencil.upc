#include <upc.h>
#include <string.h>
#include "kern.h"

/* periodic 1-D diffusion: each thread updates its own cells from a private copy of its
 * block and the two neighbouring cells */
void stencil_steps(int steps)
{
    int s, k;
    double cur[CELLS + 2], next[CELLS];
    int me = MYTHREAD, n = CELLS * THREADS;
    for (s = 0; s < steps; s++) {
        int lo = me * CELLS;
        upc_memget(&cur[1], &field[lo], sizeof(double) * CELLS);
        cur[0] = field[(lo + n - 1) % n];
        cur[CELLS + 1] = field[(lo + CELLS) % n];
        for (k = 1; k <= CELLS; k++)
            next[k - 1] = cur[k] + 0.25 * (cur[k - 1] - 2 * cur[k] + cur[k + 1]);
        upc_barrier;
        upc_memput(&field[lo], next, sizeof next);
        upc_barrier;
    }
}
