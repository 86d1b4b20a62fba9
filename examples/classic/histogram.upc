/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: histogram: 4000 samples per thread, total OK
 */
/* A histogram shared by all threads; one lock protects each bin. */
#include <upc.h>
#include <stdio.h>

#define BINS 16
#define SAMPLES 4000
shared [] int hist[BINS];       /* the whole (small) table lives on thread 0 */
upc_lock_t *bin_lock[BINS];     /* the same locks on every thread */

int main(void)
{
    int i, total = 0;
    unsigned seed = 12345u + 977u * MYTHREAD;

    for (i = 0; i < BINS; i++) bin_lock[i] = upc_all_lock_alloc();

    for (i = 0; i < SAMPLES; i++) {
        int bin;
        seed = seed * 1103515245u + 12345u;
        bin = (seed >> 16) % BINS;
        upc_lock(bin_lock[bin]);
        hist[bin] += 1;
        upc_unlock(bin_lock[bin]);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        for (i = 0; i < BINS; i++) total += hist[i];
        printf("histogram: %d samples per thread, total %s\n", SAMPLES, total == SAMPLES * THREADS ? "OK" : "WRONG");
    }
    upc_barrier;
    for (i = 0; i < BINS; i++) upc_all_lock_free(bin_lock[i]);
    return 0;
}
