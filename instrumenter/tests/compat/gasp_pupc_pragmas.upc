/* gasp_pupc_pragmas.upc -- a code instrumented for a GASP performance tool
 * (Berkeley UPC's -inst / GUPC's -fupc-instrument): `#pragma pupc off` around
 * set-up and checking code, `#pragma pupc on` around the kernel, the user
 * event API used only when the tool interface is there (__UPC_PUPC__), and
 * a build with -Wall -Werror, where an unknown pragma would be an error. */
#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>
#ifdef __UPC_PUPC__
#include <pupc.h>
#endif

#define NBINS 16
#define PER 1000

shared [NBINS] int hist[NBINS * THREADS];
shared [] int total[NBINS];                 /* on thread 0 */
static unsigned rng = 1;

static unsigned next_rand(void)
{
    rng = rng * 1664525u + 1013904223u;
    return rng >> 8;
}

int main(void)
{
    int i, b;
    upc_tick_t t0;
#ifdef __UPC_PUPC__
    unsigned int ev = pupc_create_event("binning", NULL);
#endif

#pragma pupc off
    rng = 12345u + 977u * (unsigned)MYTHREAD;
    for (b = 0; b < NBINS; b++)
        hist[NBINS * MYTHREAD + b] = 0;
    upc_barrier;
#pragma pupc on

    t0 = upc_ticks_now();
#ifdef __UPC_PUPC__
    pupc_event_start(ev);
#endif
    {
        int *mine = (int *)&hist[NBINS * MYTHREAD];
        for (i = 0; i < PER; i++)
            mine[next_rand() % NBINS]++;
    }
#ifdef __UPC_PUPC__
    pupc_event_end(ev);
#endif
    (void)upc_ticks_to_ns(upc_ticks_now() - t0);
    upc_barrier;

#pragma pupc off
    upc_forall (b = 0; b < NBINS; b++; b) {
        int t, s = 0;
        for (t = 0; t < THREADS; t++)
            s += hist[NBINS * t + b];
        total[b] = s;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        long all = 0;
        int nonempty = 0;
        for (b = 0; b < NBINS; b++) {
            all += total[b];
            nonempty += total[b] > 0;
        }
        printf("samples per thread: %ld\n", all / THREADS);
        printf("bins used: %d of %d\n", nonempty, NBINS);
    }
#pragma pupc on
    return 0;
}
