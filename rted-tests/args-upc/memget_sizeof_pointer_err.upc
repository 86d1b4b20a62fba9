/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4 8
 */
/* Error: the row is fetched into a malloc'd buffer with a size computed from sizeof(row), the pointer (8 bytes), instead of sizeof(*row), the int (4 bytes): twice the bytes the buffer holds */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define COLS 64
shared [COLS] int grid[COLS * THREADS];

int main(void)
{
    int *row = malloc(COLS / 2 * sizeof *row);
    int i, s = 0, peer = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < COLS; i++)
        grid[MYTHREAD * COLS + i] = i;
    upc_barrier;
    upc_memget(row, &grid[peer * COLS], COLS / 2 * sizeof(row));
    for (i = 0; i < COLS / 2; i++)
        s += row[i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("s = %d\n", s);
    free(row);
    return 0;
}
