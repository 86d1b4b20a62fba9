/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of all_alloc_zero_memget_err.upc: a zero width falls back to one column */
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
    width = config_width > 0 ? config_width : 1;
    rows = (shared double *) upc_all_alloc(THREADS, width * sizeof(double));
    rows[MYTHREAD] = MYTHREAD;
    upc_memget(mine, rows, sizeof(double));
    printf("thread %d read the first row: %g\n", MYTHREAD, mine[0]);
    return 0;
}
