#include <stdio.h>
#include "util.h"
#include "grid.h"

int main(void)
{
    grid_fill();
    upc_barrier;
    if (MYTHREAD == 0) {
        int n = GRID_B * THREADS, t, done = 0;
        long s = grid_check(grid, n);
        for (t = 0; t < THREADS; t++)
            done += grid_done[t];
        printf("threads done %d of %d; sum %s\n", done, THREADS, s == tri(n) ? "ok" : "WRONG");
    }
    return 0;
}
