/* STREAM-like kernel for the race-checking benchmark: copy, scale, add and triad as
 * upc_forall loops over blocked shared arrays (every access is the calling thread's own
 * element, the common case of data-parallel UPC code), REPS rounds between barriers.
 *   ./stream [elements-per-thread] [reps]
 * Prints (thread 0): the time of the timed rounds and a checksum. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXPT (1 << 20)
shared [MAXPT] double a[MAXPT * THREADS], b[MAXPT * THREADS], c[MAXPT * THREADS];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
    long npt = argc > 1 ? atol(argv[1]) : 100000;
    int reps = argc > 2 ? atoi(argv[2]) : 20;
    if (npt < 1 || npt > MAXPT) npt = 100000;
    const double s = 3.0;
    long j;
    upc_forall (j = 0; j < (long)MAXPT * THREADS; j++; &a[j])
        if (j % MAXPT < npt) { a[j] = 1; b[j] = 2; c[j] = 0; }
    upc_barrier;
    double t0 = now();
    for (int r = 0; r < reps; r++) {
        upc_forall (j = 0; j < (long)MAXPT * THREADS; j++; &a[j]) {
            if (j % MAXPT >= npt) continue;
            c[j] = a[j];
            b[j] = s * c[j];
            c[j] = a[j] + b[j];
            a[j] = b[j] + s * c[j];
        }
        upc_barrier;
    }
    double t = now() - t0;
    double sum = 0;
    upc_forall (j = 0; j < (long)MAXPT * THREADS; j++; &a[j])
        if (j % MAXPT < npt) sum += a[j];
    if (MYTHREAD == 0)
        printf("stream threads=%d elements/thread=%ld reps=%d time=%.6f checksum=%.6e\n",
               THREADS, npt, reps, t, sum);
    return 0;
}
