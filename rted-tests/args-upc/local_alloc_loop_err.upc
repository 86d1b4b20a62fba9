/* upc-check-test
 * expect: questionable-argument
 * line: 19
 * threads: 2 4 8
 * report: upc_local_alloc was removed from UPC 1.3
 * report: reached {THREADS*10} times by {THREADS} threads
 */
/* Error: (warning) every thread allocates its 10 work buffers with upc_local_alloc, which UPC 1.3 removed; the warning is given once for the line, with the count of threads and calls */
#include <upc.h>
#include <stdio.h>

shared double sums[THREADS];

int main(void)
{
    int i, j;
    double sum = 0;
    for (i = 0; i < 10; i++) {
        shared [] double *work = (shared [] double *) upc_local_alloc(4, sizeof(double));
        for (j = 0; j < 4; j++) work[j] = i * j;
        for (j = 0; j < 4; j++) sum += work[j];
        upc_free(work);
    }
    sums[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) printf("sum of thread 0: %g\n", sums[0]);
    return 0;
}
