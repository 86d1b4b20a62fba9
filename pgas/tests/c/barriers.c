/* BARRIER_ITERS barriers (default 10^5) with random delays on random threads: after every
 * barrier each thread checks that every thread has written this phase's value.  Mixes
 * upc_barrier, split-phase notify/wait with work in between, and barrier values. */
#include "capi.h"

SHARED_ARRAY(long, phase_val, 1, 2 * THREADS)

UPC_MAIN(0)

static unsigned long long rng;
static unsigned rnd(void)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng >> 33);
}

static int user_main(int argc, char **argv, char **envp)
{
    (void)argc; (void)argv; (void)envp;
    long iters = getenv("BARRIER_ITERS") ? atol(getenv("BARRIER_ITERS")) : 100000;
    rng = 0x9e3779b97f4a7c15ULL * (MYTHREAD + 1);
    for (long i = 0; i < iters; i++) {
        int b = (int)(i % 2);
        *ELEM(long, phase_val, 1, b * THREADS + MYTHREAD) = i;
        if (rnd() % 64 == 0) {
            volatile int spin = rnd() % 20000;
            while (spin > 0)
                spin--;
        }
        switch (i % 3) {
        case 0:
            upcr_barrier(0, 0);
            break;
        case 1:
            upcr_notify(1, (int)i);
            if (rnd() % 8 == 0)
                usleep(rnd() % 50);
            upcr_wait(1, (int)i);
            break;
        default:
            upcr_notify(MYTHREAD % 2, (int)i);
            upcr_wait(0, 0);
        }
        for (int t = 0; t < THREADS; t++)
            CHECK(*ELEM(long, phase_val, 1, b * THREADS + t) == i);
    }
    if (MYTHREAD == 0)
        printf("barriers ok: %ld phases, %d threads\n", iters, THREADS);
    return 0;
}
