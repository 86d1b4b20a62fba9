/* upc-check-test
 * expect: invalid-argument
 * line: 24
 * threads: 2 4 8
 * value: src = NULL
 * report: upc_all_alloc at all_alloc_zero_memget_err.upc:23 was called on this thread with a size of 0 bytes
 * report: nbytes `width * sizeof(double)` = 0
 */
/* Error: the row width read from the configuration is 0, so upc_all_alloc returns a null pointer-to-shared, which every thread then reads its first row from */
#include <upc.h>
#include <stdio.h>

shared int config_width;
shared double *rows;

int main(void)
{
    double mine[4];
    size_t width;
    if (MYTHREAD == 0) config_width = 0;
    upc_barrier;
    width = config_width;
    rows = (shared double *) upc_all_alloc(THREADS, width * sizeof(double));
    upc_memget(mine, rows, sizeof(double));
    printf("thread %d read the first row: %g\n", MYTHREAD, mine[0]);
    return 0;
}
