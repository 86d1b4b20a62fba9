#include "grid.h"
#include "util.h"
#include "grid.h"

shared [GRID_B] int grid[GRID_B * THREADS];
shared int grid_done[THREADS];

void grid_fill(void)
{
    int i;
    upc_forall (i = 0; i < GRID_B * THREADS; i++; &grid[i])
        grid[i] = i + 1;
    grid_done[MYTHREAD] = 1;
}

long grid_check(grid_ptr g, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (grid_owner(i) != (int)upc_threadof(&g[i]))
            return -1;
        s += g[i];
    }
    return s;
}
