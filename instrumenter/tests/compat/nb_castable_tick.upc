/* Overlapped all-to-all ring shift with the UPC 1.3 non-blocking library:
   arrays of handles, polling with upc_sync_attempt, implicit-handle puts,
   memset_nb, and a fast path through upc_cast when upc_thread_info says a
   neighbor's memory is castable.  Timed with upc_tick.h. */
#include <upc.h>
#include <upc_nb.h>
#include <upc_castable.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 4096
#define NCHUNK 8

shared [] double *shared bufs[THREADS];   /* each thread's landing zone */
shared [CHUNK*NCHUNK] double src[CHUNK*NCHUNK*THREADS];
shared [CHUNK*NCHUNK] double dst[CHUNK*NCHUNK*THREADS];
shared int bad[THREADS];

int main(int argc, char **argv)
{
    upc_handle_t h[NCHUNK];
    double *local;
    int i, k, right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
    upc_tick_t t0, t1;
    upc_thread_info_t ti;
    shared [] double *mine;

    t0 = upc_ticks_now();
    mine = (shared [] double *) upc_alloc(CHUNK * NCHUNK * sizeof(double));
    bufs[MYTHREAD] = mine;
    local = (double *) &src[MYTHREAD * CHUNK * NCHUNK];
    for (i = 0; i < CHUNK * NCHUNK; i++)
        local[i] = MYTHREAD * 1e6 + i;
    /* clear the landing zone non-blockingly, then wait for it */
    h[0] = upc_memset_nb(mine, 0, CHUNK * NCHUNK * sizeof(double));
    upc_sync(h[0]);
    upc_barrier;

    /* 1: shared -> shared copies to the right neighbor, chunk by chunk */
    for (k = 0; k < NCHUNK; k++)
        h[k] = upc_memcpy_nb(&dst[right * CHUNK * NCHUNK + k * CHUNK],
                             &src[MYTHREAD * CHUNK * NCHUNK + k * CHUNK],
                             CHUNK * sizeof(double));
    {
        int pending = NCHUNK, spins = 0;
        while (pending) {
            for (k = 0; k < NCHUNK; k++)
                if (h[k] != UPC_COMPLETE_HANDLE && upc_sync_attempt(h[k])) {
                    h[k] = UPC_COMPLETE_HANDLE;
                    pending--;
                }
            spins++;
        }
    }
    /* 2: puts with implicit handles into the neighbor's upc_alloc'd buffer */
    upc_barrier;
    {
        shared [] double *rb = bufs[right];
        for (k = 0; k < NCHUNK; k++)
            upc_memput_nbi(rb + k * CHUNK, local + k * CHUNK, CHUNK * sizeof(double));
        upc_synci();
    }
    upc_barrier;

    /* 3: verify: castable -> direct loads, else non-blocking gets */
    ti = upc_thread_info(left);
    {
        double *tmp = malloc(CHUNK * NCHUNK * sizeof(double));
        const double *view;
        if (ti.guaranteedCastable & UPC_CASTABLE_ALL_ALLOC) {
            view = (const double *) upc_cast(&dst[MYTHREAD * CHUNK * NCHUNK]);
            if (view == NULL)
                bad[MYTHREAD]++;
        } else {
            h[0] = upc_memget_nb(tmp, &dst[MYTHREAD * CHUNK * NCHUNK], CHUNK * NCHUNK * sizeof(double));
            upc_sync(h[0]);
            view = tmp;
        }
        for (i = 0; i < CHUNK * NCHUNK; i++)
            if (view[i] != left * 1e6 + i || mine[i] != left * 1e6 + i)
                bad[MYTHREAD]++;
        /* remote castable pointer */
        if (ti.probablyCastable & UPC_CASTABLE_ALLOC) {
            const double *lp = (const double *) upc_cast(bufs[left]);
            if (lp == NULL || lp[5] != ((left + THREADS - 1) % THREADS) * 1e6 + 5)
                bad[MYTHREAD]++;
        }
        free(tmp);
    }
    if (upc_cast(NULL) != NULL)
        bad[MYTHREAD]++;
    upc_barrier;
    t1 = upc_ticks_now();
    if (upc_ticks_to_ns(t1 - t0) == 0 && t1 != t0)
        bad[MYTHREAD]++;
    if (MYTHREAD == 0) {
        int tot = 0;
        for (i = 0; i < THREADS; i++)
            tot += bad[i];
        printf("nb/castable ring shift with %d threads: %s\n", THREADS, tot ? "FAILED" : "PASSED");
    }
    upc_barrier;
    upc_free(mine);
    return 0;
}
