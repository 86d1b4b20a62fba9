/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 3 4 8
 */
/* Error: an upc_all_alloc'd grid is freed with upc_free by the thread that finishes last, and thread 0 then reads its row with upc_memget */
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
    if (MYTHREAD == THREADS - 1) upc_free(grid);
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_memget(row, &grid[(THREADS - 1) * ROW], sizeof row);
        printf("row %d\n", row[0]);
    }
    upc_barrier;

    return 0;
}
