#include "globals.h"

shared int histogram[NBINS*THREADS];
shared int total_count = 0;
upc_lock_t *shared total_lock;
int samples[PER_THREAD];
