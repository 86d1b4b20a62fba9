/* globals.h -- shared data of the histogram program */
#ifndef GLOBALS_H
#define GLOBALS_H

#include <upc.h>

#define NBINS      16
#define PER_THREAD 200

extern shared int histogram[NBINS*THREADS];   /* bin b of thread t at b*THREADS+t */
extern shared int total_count;
extern upc_lock_t *shared total_lock;
extern int samples[PER_THREAD];                /* private, one per thread */

void generate(int seed);
void bin_samples(void);
int  merged_bin(int b);

#endif
