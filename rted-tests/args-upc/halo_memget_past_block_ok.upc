/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct twin of halo_memget_past_block_err.upc: the lower halo is the neighbour's first
   interior row, one row */
#include <upc.h>
#include <stdio.h>

#define NX 64
#define ROWS 8

shared double *grid;

int main(void)
{
    int up, down, i, it;
    double *mine;
    shared [] double *above, *below;

    grid = upc_all_alloc(THREADS, (ROWS + 2) * NX * sizeof(double));
    mine = (double *)(grid + MYTHREAD);
    for (i = 0; i < (ROWS + 2) * NX; i++)
        mine[i] = MYTHREAD;
    up = (MYTHREAD + THREADS - 1) % THREADS;
    down = (MYTHREAD + 1) % THREADS;
    above = (shared [] double *)(grid + up);
    below = (shared [] double *)(grid + down);
    upc_barrier;
    for (it = 0; it < 100; it++) {
        upc_memget(mine, above + ROWS * NX, NX * sizeof(double));
        upc_barrier;
        upc_memget(mine + (ROWS + 1) * NX, below + NX, NX * sizeof(double));
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("ghost rows: %g %g\n", mine[0], mine[(ROWS + 1) * NX]);
    return 0;
}
