#include <stdio.h>
#include "grid.h"

int main(void)
{
    long expect = 0;
    int r, c;

    fill_my_rows();
    upc_barrier;
    sum_my_rows();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (r = 0; r < grid_rows(); r++)
            for (c = 0; c < COLS; c++)
                expect += cell_value(r, c);
        printf("rows: %d = %d per thread\n", grid_rows(), ROWS_PER_THREAD);
        printf("total %s\n", total_of_sums() == expect ? "matches" : "DIFFERS");
        printf("row 0 owned by thread %d\n", owner_of_row(0));
    }
    return 0;
}
