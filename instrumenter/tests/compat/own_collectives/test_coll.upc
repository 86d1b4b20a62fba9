/* Test driver for the reference collectives shipped with the program. */
#include <stdio.h>
#include "upc_collective.h"

shared int src;
shared int bcast[THREADS];
shared int mine[THREADS];

int
main ()
{
    int i, errs = 0;

    if (MYTHREAD == 0)
        src = 4711;
    upc_barrier;
    upc_all_broadcast (bcast, &src, sizeof (int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (bcast[MYTHREAD] != 4711)
        errs++;

    mine[MYTHREAD] = 10 * MYTHREAD;
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        if (mine[i] != 10 * i)
            errs++;
    if (ref_calls != 1 || !REF_COLLECTIVES)
        errs++;

    upc_barrier;
    bcast[MYTHREAD] = errs;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 1; i < THREADS; i++)
            errs += bcast[i];
        printf ("reference collectives: %s\n", errs ? "FAILED" : "passed");
    }
    return 0;
}
