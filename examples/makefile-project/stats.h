/* Shared statistics over a distributed sample. */
#ifndef STATS_H
#define STATS_H

#include <upc.h>

#define PER_THREAD 256

extern shared [PER_THREAD] double samples[PER_THREAD * THREADS];

/* Collective: the mean and the maximum of all samples. */
double stats_mean(void);
double stats_max(void);

#endif
