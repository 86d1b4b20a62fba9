/* upc-check-test
 * expect: single-valued-mismatch
 * line: 24
 * threads: 2 3 4 8
 */
/* Error: the scatter chunk size is the number of rows divided by THREADS, but thread 0 computes it from a row count that includes its header row */
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
    if (MYTHREAD == 0) rows += THREADS;
    upc_all_scatter(dst, src, chunk_bytes(rows), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("dst[0] = %d\n", dst[0]);
    return 0;
}
