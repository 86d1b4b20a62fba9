/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of memget_array_too_small_err.upc: the copy is limited to the array length */
#include <upc.h>
#include <stdio.h>

#define MAXROW 8
shared [16] double grid[16 * THREADS];
shared int rowlen;

int main(void)
{
    double row[MAXROW];
    int i, n;
    for (i = 0; i < 16; i++)
        grid[16 * MYTHREAD + i] = MYTHREAD + i;
    if (MYTHREAD == 0)
        rowlen = 16;
    upc_barrier;
    n = rowlen < MAXROW ? rowlen : MAXROW;
    upc_memget(row, &grid[16 * ((MYTHREAD + 1) % THREADS)], n * sizeof(double));
    printf("thread %d: first %g\n", MYTHREAD, row[0]);
    return 0;
}
