/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: sum of thread 0: 270
 */
/* Correct twin of local_alloc_loop_err.upc: the work buffers come from upc_alloc */
#include <upc.h>
#include <stdio.h>

shared double sums[THREADS];

int main(void)
{
    int i, j;
    double sum = 0;
    for (i = 0; i < 10; i++) {
        shared [] double *work = (shared [] double *) upc_alloc(4 * sizeof(double));
        for (j = 0; j < 4; j++) work[j] = i * j;
        for (j = 0; j < 4; j++) sum += work[j];
        upc_free(work);
    }
    sums[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) printf("sum of thread 0: %g\n", sums[0]);
    return 0;
}
