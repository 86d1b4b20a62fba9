/* upc-check-test
 * expect: invalid-argument
 * line: 26
 * threads: 2 4 8
 * value: n = 128
 * report: private buffer too small: the declared array holds 64 bytes from there, but 128 bytes are transferred
 */
/* Error: the row length read from shared memory is twice the local array, and upc_memget copies a whole row into it */
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
    n = rowlen;
    upc_memget(row, &grid[16 * ((MYTHREAD + 1) % THREADS)], n * sizeof(double));
    printf("thread %d: first %g\n", MYTHREAD, row[0]);
    return 0;
}
