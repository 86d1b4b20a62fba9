/* upc-check-test
 * expect: split-barrier
 * line: 34
 * threads: 2 4 8
 */
/* Error: a halo-exchange loop overlaps local work with a split barrier; a thread whose block has no interior rows left takes the `continue` between upc_notify and upc_wait and notifies twice */
#include <upc.h>
#include <stdio.h>

#define ROWS 6
#define STEPS 4
shared [ROWS] double grid[ROWS * THREADS];
shared double edge[2 * THREADS];      /* double-buffered by step parity */

static int interior_rows(int step)
{
    /* the last thread owns a block that shrinks faster (boundary condition) */
    int rows = ROWS - 2 - step;
    if (MYTHREAD == THREADS - 1) rows -= 2;
    return rows;
}

int main(void)
{
    int step, i;
    double acc = 0.0;

    for (i = 0; i < ROWS; i++) grid[MYTHREAD * ROWS + i] = MYTHREAD + i;
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        int rows;
        edge[(step % 2) * THREADS + MYTHREAD] = grid[MYTHREAD * ROWS];
        upc_notify;
        rows = interior_rows(step);
        if (rows <= 0)
            continue;                       /* nothing local to overlap */
        for (i = 1; i <= rows; i++)
            acc += grid[MYTHREAD * ROWS + i];
        upc_wait;
        acc += edge[(step % 2) * THREADS + (MYTHREAD + 1) % THREADS];
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("acc = %g\n", acc);
    return 0;
}
