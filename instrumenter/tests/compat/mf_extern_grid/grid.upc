#include "grid.h"

shared [NX] cell_t grid[NY*THREADS][NX];
shared double totals[THREADS];
strict shared int phase_done;
shared [] int *shared board;

void grid_init(void)
{
    int r, c;
    upc_forall (r = 0; r < NY*THREADS; r++; &grid[r][0]) {
        for (c = 0; c < NX; c++) {
            cell_t *me = (cell_t *)&grid[r][c];   /* castable: local */
            me->val = r * NX + c;
            me->owner = MYTHREAD;
            me->hist[0] = me->hist[1] = me->hist[2] = c;
        }
    }
    if (MYTHREAD == 0) {
        board = (shared [] int *) upc_alloc(NY * sizeof(int));
        for (r = 0; r < NY; r++) board[r] = 7 * r;
        phase_done = 1;
    }
}

double grid_local_sum(void)
{
    int r, c;
    double s = 0.0;
    upc_forall (r = 0; r < NY*THREADS; r++; &grid[r][0])
        for (c = 0; c < NX; c++)
            s += grid[r][c].val;
    totals[MYTHREAD] = s;
    return s;
}

int grid_check(shared [NX] cell_t (*row)[NX], int r)
{
    int c, bad = 0;
    for (c = 0; c < NX; c++) {
        if ((*row)[c].val != r * NX + c) bad++;
        if ((*row)[c].owner != r % THREADS) bad++;
        if ((*row)[c].hist[2] != c) bad++;
    }
    return bad;
}
