#include <stdio.h>
#include <stdlib.h>
#include "grid.h"

extern double grid_local_sum(void);

int main(int argc, char **argv)
{
    int r, bad = 0;
    double all = 0.0, mine;

    grid_init();
    upc_barrier;
    while (!phase_done)
        ;
    mine = grid_local_sum();
    upc_barrier;
    for (r = 0; r < THREADS; r++)
        all += totals[r];
    {
        double n = NX * NY * THREADS;
        if (all != n * (n - 1) / 2) bad++;
    }
    for (r = MYTHREAD; r < NY*THREADS; r += THREADS)
        bad += grid_check(&grid[r], r);
    bad += grid_check(grid + (NY*THREADS - 1), NY*THREADS - 1);
    if (board[NY-1] != 7 * (NY-1)) bad++;
    (void) mine;
    upc_barrier;
    if (bad) printf("thread %d: %d bad\n", MYTHREAD, bad);
    if (MYTHREAD == 0) printf("mf_extern_grid: %s\n", bad ? "FAIL" : "OK");
    return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
