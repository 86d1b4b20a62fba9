/* upc-check-test
 * expect: clean
 * threads: 4
 * static: yes
 * files: stats.upc
 * stdout: mean = 0.5000, max = 1.0000
 */
/* Fills the distributed samples with a known pattern and prints their statistics. */
#include <stdio.h>
#include "stats.h"

int main(void)
{
    int i;
    double mean, max;

    upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &samples[i])
        samples[i] = (double) i / (PER_THREAD * THREADS - 1);
    upc_barrier;

    mean = stats_mean();
    max = stats_max();
    if (MYTHREAD == 0)
        printf("%d threads: mean = %.4f, max = %.4f\n", THREADS, mean, max);
    return 0;
}
