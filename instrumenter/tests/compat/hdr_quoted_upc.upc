/* Some codes include the UPC headers with quotes. */
#include "upc_strict.h"
#include "upc_collective.h"
#include "upc_tick.h"
#include <stdio.h>

shared int vals[THREADS];
shared int maxval;

int main(void)
{
    upc_tick_t t0 = upc_ticks_now();
    vals[MYTHREAD] = (MYTHREAD * 7) % (THREADS + 2);
    upc_all_reduceI(&maxval, vals, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        int i, m = 0;
        for (i = 0; i < THREADS; i++)
            if ((i * 7) % (THREADS + 2) > m)
                m = (i * 7) % (THREADS + 2);
        printf("max %s\n", m == maxval ? "matches" : "differs");
        printf("elapsed ticks %s\n", upc_ticks_to_ns(upc_ticks_now() - t0) < 60000000000ULL ? "ok" : "huge");
    }
    return 0;
}
