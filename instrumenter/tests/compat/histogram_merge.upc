// Private histograms merged into a shared one under a single lock from
// upc_all_lock_alloc; the result is checked against upc_all_reduce sums.
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define NBINS   8
#define SAMPLES 1000

shared [] long global_hist[NBINS];
shared long per_thread[NBINS*THREADS];      // bin b of thread t at b*THREADS + t
shared long bin_total;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    long local_hist[NBINS] = {0};
    unsigned x = 2463534242u + MYTHREAD;

    if (MYTHREAD == 0)
        for (int b = 0; b < NBINS; b++)
            global_hist[b] = 0;

    for (int i = 0; i < SAMPLES; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;      // xorshift32
        local_hist[x % NBINS]++;
    }
    for (int b = 0; b < NBINS; b++)
        per_thread[b * THREADS + MYTHREAD] = local_hist[b];
    upc_barrier;

    upc_lock(lock);
    for (int b = 0; b < NBINS; b++)
        global_hist[b] += local_hist[b];
    upc_unlock(lock);
    upc_barrier;

    int ok = 1;
    long all = 0;
    for (int b = 0; b < NBINS; b++) {
        upc_all_reduceL(&bin_total, &per_thread[b * THREADS], UPC_ADD, THREADS, 1, NULL,
                        UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        if (bin_total != global_hist[b])
            ok = 0;
        all += bin_total;
    }
    if (MYTHREAD == 0)
        printf("merged histogram %s (%ld samples per thread)\n", ok ? "OK" : "WRONG", all / THREADS);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(lock);
    return 0;
}
