/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the grid is freed after the read, by thread 0 alone */
#include <upc.h>
#include <stdio.h>

#define ROW 16
shared int finished;

int main(void)
{
    shared [ROW] int *grid = (shared [ROW] int *) upc_all_alloc(THREADS, ROW * sizeof(int));
    int row[ROW], i;
    for (i = 0; i < ROW; i++) grid[MYTHREAD * ROW + i] = MYTHREAD;
    upc_barrier;

    upc_barrier;
    if (MYTHREAD == 0) {
        upc_memget(row, &grid[(THREADS - 1) * ROW], sizeof row);
        printf("row %d\n", row[0]);
    }
    upc_barrier;
    if (MYTHREAD == 0) upc_free(grid);
    return 0;
}
