/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: every thread computes the chunk from the same row count */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define ROWS_PER 4
shared [] int src[ROWS_PER * 8 + 8];
shared [2 * ROWS_PER] int dst[2 * ROWS_PER * THREADS];

static size_t chunk_bytes(int rows)
{
    return (size_t) (rows / THREADS) * sizeof(int);
}

int main(void)
{
    int rows = ROWS_PER * THREADS;

    upc_all_scatter(dst, src, chunk_bytes(rows), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[0] = %d\n", dst[0]);
    return 0;
}
