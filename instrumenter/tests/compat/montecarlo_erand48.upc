/* montecarlo_erand48.upc -- Monte Carlo estimate of pi, reproducible for any
 * THREADS: the samples are cut into chunks, each chunk has its own erand48
 * state seeded from its number, chunks are dealt out by upc_forall affinity and
 * the hit counts are summed in chunk order. A second estimate uses rand_r per chunk. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define CHUNKS 64
#define PER_CHUNK 4000

/* CHUNKS counters each, one per block, dealt round-robin */
shared long *hits48, *hitsr;

int main(void)
{
    int c, s;
    hits48 = (shared long *)upc_all_alloc(CHUNKS, sizeof(long));
    hitsr = (shared long *)upc_all_alloc(CHUNKS, sizeof(long));
    upc_forall (c = 0; c < CHUNKS; c++; &hits48[c]) {
        unsigned short xsubi[3] = { 0x330e, (unsigned short)c, (unsigned short)(c * 31 + 7) };
        unsigned int seed = 1000u + (unsigned)c;
        long h = 0, hr = 0;
        for (s = 0; s < PER_CHUNK; s++) {
            double x = erand48(xsubi), y = erand48(xsubi);
            double u = rand_r(&seed) / (RAND_MAX + 1.0), v = rand_r(&seed) / (RAND_MAX + 1.0);
            h += x * x + y * y < 1.0;
            hr += u * u + v * v < 1.0;
        }
        hits48[c] = h;
        hitsr[c] = hr;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0, totalr = 0;
        double pi, pir;
        for (c = 0; c < CHUNKS; c++) {
            total += hits48[c];
            totalr += hitsr[c];
        }
        pi = 4.0 * total / ((double)CHUNKS * PER_CHUNK);
        pir = 4.0 * totalr / ((double)CHUNKS * PER_CHUNK);
        printf("samples=%d hits(erand48)=%ld hits(rand_r)=%ld\n", CHUNKS * PER_CHUNK, total, totalr);
        printf("pi ~ %.2f and %.2f\n", pi, pir);
        if (pi < 3.10 || pi > 3.18 || pir < 3.10 || pir > 3.18) {
            printf("estimate out of range\n");
            return 1;
        }
    }
    return 0;
}
