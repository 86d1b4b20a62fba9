/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the two boundary rows go into the last two rows of the tile, tile[ROWS - 2] */
#include <upc.h>
#include <stdio.h>

#define ROWS 4
#define COLS 8

shared [2 * COLS] double edge[2 * COLS * THREADS];

int main(void)
{
    double tile[ROWS][COLS];
    int i, nb = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < 2 * COLS; i++)
        edge[MYTHREAD * 2 * COLS + i] = i;
    upc_barrier;
    upc_memget(tile[ROWS - 2], &edge[nb * 2 * COLS], 2 * COLS * sizeof(double));
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%g\n", tile[ROWS - 1][1]);
    return 0;
}
