#include <math.h>
#include "grid.h"

shared [CELLS_PER_THREAD] double grid[CELLS_PER_THREAD * THREADS];
shared [CELLS_PER_THREAD] double next[CELLS_PER_THREAD * THREADS];
static shared double change[THREADS];

void grid_init(void)
{
    int i;
    upc_forall (i = 0; i < CELLS_PER_THREAD * THREADS; i++; &grid[i])
        grid[i] = (i == 0) ? 100.0 : 0.0;
    upc_barrier;
}

/* One Jacobi step with fixed ends; returns the largest change over all threads. */
double grid_step(void)
{
    int i, n = CELLS_PER_THREAD * THREADS;
    double local = 0.0, most = 0.0;
    upc_forall (i = 0; i < n; i++; &next[i]) {
        double v = (i == 0 || i == n - 1) ? grid[i] : (grid[i - 1] + grid[i + 1]) / 2.0;
        if (fabs(v - grid[i]) > local)
            local = fabs(v - grid[i]);
        next[i] = v;
    }
    change[MYTHREAD] = local;
    upc_barrier;
    upc_forall (i = 0; i < n; i++; &grid[i])
        grid[i] = next[i];
    for (i = 0; i < THREADS; i++)
        if (change[i] > most)
            most = change[i];
    upc_barrier;
    return most;
}
