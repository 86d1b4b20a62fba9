#ifndef GRID_H
#define GRID_H

#include <upc.h>

#define CELLS_PER_THREAD 6

/* the grid and its statistics, defined in grid.upc */
extern shared [CELLS_PER_THREAD] double grid[CELLS_PER_THREAD * THREADS];
extern shared double partial[THREADS];
extern shared int generation;

void grid_init(void);
void grid_smooth(int steps);
double grid_total(void);

#endif
