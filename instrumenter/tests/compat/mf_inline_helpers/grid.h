/* grid.h -- shared by every file of the program: the layout, extern shared
 * declarations, and static inline helpers (each file gets its own copy). */
#ifndef GRID_H
#define GRID_H

#include <upc.h>

#define COLS 8
#define ROWS_PER_THREAD 2

/* defined in grid.upc */
extern shared [COLS] int grid[ROWS_PER_THREAD * THREADS][COLS];
extern shared int row_sums[ROWS_PER_THREAD * THREADS];
extern int grid_rows(void);

static inline int owner_of_row(int r)
{
    return (int)upc_threadof(&grid[r][0]);
}

static inline int cell_value(int r, int c)
{
    return (r + 1) * (c + 2) % 13;
}

static inline shared [COLS] int *row_ptr(int r)
{
    return &grid[r][0];
}

/* ops.upc */
void fill_my_rows(void);
void sum_my_rows(void);
long total_of_sums(void);

#endif
