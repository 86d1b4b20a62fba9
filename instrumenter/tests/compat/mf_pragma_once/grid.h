#pragma once
/* A header guarded only by #pragma once (no #ifndef guard), included twice
 * directly and once more through another header, declaring shared objects,
 * a typedef of a blocked pointer-to-shared, and inline helpers. */
#include <upc.h>

#define GRID_B 12

typedef shared [GRID_B] int *grid_ptr;

extern shared [GRID_B] int grid[GRID_B * THREADS];
extern shared int grid_done[THREADS];

static inline int grid_owner(int i)
{
    return (i / GRID_B) % THREADS;
}

void grid_fill(void);
long grid_check(grid_ptr g, int n);
