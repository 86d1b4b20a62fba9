#ifndef GRID_H
#define GRID_H
#include <upc.h>

#define CELLS_PER_THREAD 16

extern shared [CELLS_PER_THREAD] double grid[CELLS_PER_THREAD * THREADS];
extern shared [CELLS_PER_THREAD] double next[CELLS_PER_THREAD * THREADS];

void grid_init(void);
double grid_step(void);
#endif
