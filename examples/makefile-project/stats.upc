/* Collective statistics over the distributed samples (see stats.h). */
#include <upc_collective.h>
#include "stats.h"

shared [PER_THREAD] double samples[PER_THREAD * THREADS];
static shared double result;

double stats_mean(void)
{
    upc_all_reduceD(&result, samples, UPC_ADD, PER_THREAD * THREADS, PER_THREAD, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return result / (PER_THREAD * THREADS);
}

double stats_max(void)
{
    upc_all_reduceD(&result, samples, UPC_MAX, PER_THREAD * THREADS, PER_THREAD, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return result;
}
