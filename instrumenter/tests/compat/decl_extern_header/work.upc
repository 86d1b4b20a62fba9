#include "globals.h"

/* file-local state: static shared data with the same names as in main.upc */
static shared int calls[THREADS];
static unsigned long state;

static int next_random(void)
{
    state = state * 1103515245UL + 12345UL;
    return (int) ((state >> 16) & 0x7fff);
}

void generate(int seed)
{
    int i;
    state = (unsigned long) seed;
    for (i = 0; i < PER_THREAD; i++)
        samples[i] = next_random() % NBINS;
    calls[MYTHREAD]++;
}

void bin_samples(void)
{
    int i, counted = 0;
    for (i = 0; i < PER_THREAD; i++) {
        histogram[samples[i] * THREADS + MYTHREAD] += 1;
        counted++;
    }
    upc_lock(total_lock);
    total_count += counted;
    upc_unlock(total_lock);
    calls[MYTHREAD]++;
}

int merged_bin(int b)
{
    int t, s = 0;
    for (t = 0; t < THREADS; t++)
        s += histogram[b * THREADS + t];
    return s;
}
