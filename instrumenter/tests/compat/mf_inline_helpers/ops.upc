#include "grid.h"

void fill_my_rows(void)
{
    int r, c;
    for (r = 0; r < grid_rows(); r++)
        if (owner_of_row(r) == MYTHREAD) {
            shared [COLS] int *p = row_ptr(r);
            for (c = 0; c < COLS; c++)
                p[c] = cell_value(r, c);
        }
}

void sum_my_rows(void)
{
    int r, c;
    upc_forall (r = 0; r < grid_rows(); r++; &row_sums[r]) {
        int s = 0;
        for (c = 0; c < COLS; c++)
            s += grid[r][c]; /* possibly another thread's row */
        row_sums[r] = s;
    }
}

long total_of_sums(void)
{
    long t = 0;
    int r;
    for (r = 0; r < grid_rows(); r++)
        t += row_sums[r];
    return t;
}
