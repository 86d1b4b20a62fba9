#include "grid.h"
#include <upc_collective.h>

shared [CELLS_PER_THREAD] double grid[CELLS_PER_THREAD * THREADS];
shared double partial[THREADS];
shared int generation;

void grid_init(void)
{
    int i;
    upc_forall (i = 0; i < CELLS_PER_THREAD * THREADS; i++; &grid[i])
        grid[i] = (i % CELLS_PER_THREAD) == 0 ? 6.0 : 0.0;
    if (MYTHREAD == 0)
        generation = 0;
    upc_barrier;
}

/* each cell takes the mean of itself and its ring neighbours, within the block */
void grid_smooth(int steps)
{
    double *mine = (double *)&grid[MYTHREAD * CELLS_PER_THREAD], next[CELLS_PER_THREAD];
    int s, k;
    for (s = 0; s < steps; s++) {
        for (k = 0; k < CELLS_PER_THREAD; k++)
            next[k] = (mine[(k + CELLS_PER_THREAD - 1) % CELLS_PER_THREAD] + mine[k] +
                       mine[(k + 1) % CELLS_PER_THREAD]) / 3.0;
        for (k = 0; k < CELLS_PER_THREAD; k++)
            mine[k] = next[k];
    }
    upc_barrier;
    if (MYTHREAD == 0)
        generation += steps;
    upc_barrier;
}

double grid_total(void)
{
    int k;
    double s = 0;
    shared double *total;
    for (k = 0; k < CELLS_PER_THREAD; k++)
        s += grid[MYTHREAD * CELLS_PER_THREAD + k];
    partial[MYTHREAD] = s;
    total = (shared double *)upc_all_alloc(1, sizeof(double));
    upc_all_reduceD(total, partial, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    s = *total;
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(total);
    return s;
}
