/* Histogram of a distributed data set: one global histogram on thread 0,
 * bins protected by THREADS locks (bin b uses lock b % THREADS). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define NBINS 20
#define NDATA_PER_THREAD 500

shared [] int hist[NBINS];
upc_lock_t *shared locks[THREADS];
shared int data[NDATA_PER_THREAD*THREADS];

static int value_of(int i) { return (int) ((i * 2654435761u) >> 7) % 1000; }

int main()
{
    int i;
    upc_lock_t *l;

    /* every thread makes its own lock; the table is shared */
    locks[MYTHREAD] = upc_global_lock_alloc();
    if (MYTHREAD == 0)
        for (i = 0; i < NBINS; i++)
            hist[i] = 0;
    upc_forall (i = 0; i < NDATA_PER_THREAD*THREADS; i++; &data[i])
        data[i] = value_of(i);
    upc_barrier;

    upc_forall (i = 0; i < NDATA_PER_THREAD*THREADS; i++; &data[i]) {
        int b = data[i] * NBINS / 1000;
        l = locks[b % THREADS];
        upc_lock(l);
        hist[b] = hist[b] + 1;
        upc_unlock(l);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int expect[NBINS] = {0}, sum = 0, ok = 1;
        for (i = 0; i < NDATA_PER_THREAD*THREADS; i++)
            expect[value_of(i) * NBINS / 1000]++;
        for (i = 0; i < NBINS; i++) {
            sum += hist[i];
            if (hist[i] != expect[i])
                ok = 0;
        }
        printf("histogram: %d values in %d bins, %s\n", sum / THREADS, NBINS,
               ok ? "matches serial count" : "DOES NOT MATCH");
    }
    upc_barrier;
    upc_lock_free(locks[MYTHREAD]);
    return 0;
}
