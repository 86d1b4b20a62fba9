/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the histogram is released once, with upc_all_free by every thread */
#include <upc.h>
#include <stdio.h>

#define BINS 8
typedef shared [BINS] int hist_t;

static void merge(hist_t *h, int *out)
{
    int b, t;
    for (b = 0; b < BINS; b++)
        for (t = 0, out[b] = 0; t < THREADS; t++) out[b] += h[t * BINS + b];

}

int main(void)
{
    int out[BINS], b;
    hist_t *h = (hist_t *) upc_all_alloc(THREADS, BINS * sizeof(int));
    for (b = 0; b < BINS; b++) h[MYTHREAD * BINS + b] = b;
    upc_barrier;
    if (MYTHREAD == 0) merge(h, out);
    upc_barrier;
    upc_all_free(h);
    if (MYTHREAD == 0) printf("bin 3: %d\n", out[3]);
    return 0;
}
