#include "grid.h"

shared [COLS] int grid[ROWS_PER_THREAD * THREADS][COLS];
shared int row_sums[ROWS_PER_THREAD * THREADS];

int grid_rows(void)
{
    return ROWS_PER_THREAD * THREADS;
}
