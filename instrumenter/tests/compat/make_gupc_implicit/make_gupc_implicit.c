/* make_gupc_implicit: a token ring with strict turn-taking, built by make's
   implicit rules from .c files */
#include <stdio.h>
#include <math.h>
#include "ring.h"

#ifndef NITER
#define NITER 1
#endif

shared long received[THREADS];

int
main(void)
{
    int r;
    long got = 0;
    if (MYTHREAD == 0)
        turn = 0;
    upc_barrier;
    for (r = 0; r < NITER; r++) {
        ring_pass(r, (long) (r + 1) * 1000 + MYTHREAD);
        while (turn < (r + 1) * THREADS)
            ;
        got += ring_collect(r);
    }
    received[MYTHREAD] = got;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, ok = 1;
        for (t = 0; t < THREADS; t++) {
            int left = (t + THREADS - 1) % THREADS;
            ok &= received[t] == (long) NITER * (NITER + 1) / 2 * 1000 + (long) NITER * left;
        }
        printf("%d rounds around the ring: %s\n", NITER, ok ? "every token arrived" : "LOST");
        printf("sqrt(turn) = %.3f\n", sqrt((double) turn / THREADS));
    }
    return 0;
}
