/* A 1-D stencil whose halo exchange overlaps computation with the
 * non-blocking copies of <upc_nb.h>: explicit handles polled with
 * upc_sync_attempt while the interior is computed, implicit-handle puts
 * completed with upc_synci, a non-blocking memset, and a strict write
 * after the syncs to publish the results. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>
#include <string.h>

#ifndef __UPC_NB__
#error "this program needs <upc_nb.h>"
#endif

#define CHUNK 64
#define STEPS 12

shared [CHUNK] double u[CHUNK * THREADS];
shared [CHUNK] double out[CHUNK * THREADS];
shared [2] double edges[2 * THREADS];     /* each thread's first and last value */
shared [CHUNK] char scratch[CHUNK * THREADS];
strict shared int done[THREADS];
shared double checksum[THREADS];

int
main(void)
{
    double cur[CHUNK + 2], nxt[CHUNK];
    int i, step, polls = 0;
    int left = (MYTHREAD + THREADS - 1) % THREADS;
    int right = (MYTHREAD + 1) % THREADS;
    double *mine = (double *) &u[MYTHREAD * CHUNK];
    upc_handle_t h;

    for (i = 0; i < CHUNK; i++)
        mine[i] = (MYTHREAD * CHUNK + i) % 17;
    h = upc_memset_nb(&scratch[MYTHREAD * CHUNK], 'x', CHUNK);
    upc_sync(h);
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        double e[2];
        upc_handle_t hl, hr;
        /* publish my edges, then fetch the neighbours' */
        e[0] = mine[0];
        e[1] = mine[CHUNK - 1];
        upc_memput_nbi(&edges[2 * MYTHREAD], e, sizeof e);
        upc_synci();
        upc_barrier;
        hl = upc_memget_nb(&cur[0], &edges[2 * left + 1], sizeof(double));
        hr = upc_memget_nb(&cur[CHUNK + 1], &edges[2 * right], sizeof(double));
        /* the interior does not need the halo */
        memcpy(&cur[1], mine, CHUNK * sizeof(double));
        for (i = 1; i < CHUNK - 1; i++)
            nxt[i] = (cur[i] + cur[i + 1] + cur[i + 2]) / 3.0;
        while (!upc_sync_attempt(hl))
            polls++;
        upc_sync(hr);
        nxt[0] = (cur[0] + cur[1] + cur[2]) / 3.0;
        nxt[CHUNK - 1] = (cur[CHUNK - 1] + cur[CHUNK] + cur[CHUNK + 1]) / 3.0;
        upc_barrier;    /* everyone has read the edges before they change */
        memcpy(mine, nxt, sizeof nxt);
    }

    /* copy the result out with a non-blocking shared-to-shared copy */
    h = upc_memcpy_nb(&out[right * CHUNK], &u[right * CHUNK], 0);
    upc_sync(h);
    upc_barrier;
    h = upc_memcpy_nb(&out[MYTHREAD * CHUNK], &u[MYTHREAD * CHUNK], CHUNK * sizeof(double));
    if (h != UPC_COMPLETE_HANDLE)
        upc_sync(h);
    {
        double s = 0;
        for (i = 0; i < CHUNK; i++)
            s += out[MYTHREAD * CHUNK + i];
        checksum[MYTHREAD] = s;
    }
    done[MYTHREAD] = 1;
    upc_barrier;

    if (MYTHREAD == 0) {
        double total = 0, want = 0;
        int t, ok = 1;
        for (t = 0; t < THREADS; t++) {
            total += checksum[t];
            ok &= done[t] == 1;
            ok &= scratch[t * CHUNK + CHUNK - 1] == 'x';
        }
        /* the stencil conserves the sum on a ring */
        for (i = 0; i < CHUNK * THREADS; i++)
            want += i % 17;
        printf("after %d steps the sum is %s (%s)\n", STEPS,
               total - want < 1e-6 && want - total < 1e-6 ? "conserved" : "LOST",
               ok ? "all threads done" : "missing threads");
        printf("polls counted: %s\n", polls >= 0 ? "yes" : "no");
    }
    return 0;
}
