/* The deadlock checker's ring over one-sided communication (every thread its own node):
 * remote operations per thread per checked collective, and the time of a collective.
 *   ring ITERS
 * Runs ITERS upc_barrier and ITERS 4-byte upc_all_broadcast (IN/OUT ALLSYNC), each loop
 * timed on thread 0 after a barrier; thread 0 prints per loop the time per collective and,
 * built with the deadlock checks, the ring's remote operations per thread per collective
 * (mean and maximum over the threads): word operations (one-sided atomics), signature
 * gets and puts, and the polling of words waited for (counted apart). */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>


shared int src;
shared int dst[THREADS];
shared double ops[4 * THREADS];

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, 0);
    return tv.tv_sec * 1e6 + tv.tv_usec;
}

static void counts(double c[4])
{
    unsigned long long v[4] = {0, 0, 0, 0};
    int i;
    if (upcc_check_ring_counts)
        upcc_check_ring_counts(v);
    for (i = 0; i < 4; i++)
        c[i] = (double)v[i];
}

static void report(const char *what, int iters, double us)
{
    int i, k;
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("threads=%d %-9s %10.2f us/op", THREADS, what, us / iters);
        if (upcc_check_ring_counts) {
            const char *names[4] = {"words", "gets", "puts", "polls"};
            for (k = 0; k < 4; k++) {
                double sum = 0, max = 0;
                for (i = 0; i < THREADS; i++) {
                    double x = ops[4 * i + k] / iters;
                    sum += x;
                    if (x > max)
                        max = x;
                }
                printf("  %s %.2f max %.2f", names[k], sum / THREADS, max);
            }
        }
        printf("\n");
        fflush(stdout);
    }
    upc_barrier;
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    int i, k;
    double c0[4], c1[4], t0;
    if (MYTHREAD == 0)
        src = 42;
    upc_barrier;
    /* barriers */
    counts(c0);
    t0 = now();
    for (i = 0; i < iters; i++)
        upc_barrier;
    t0 = now() - t0;
    counts(c1);
    for (k = 0; k < 4; k++)
        ops[4 * MYTHREAD + k] = c1[k] - c0[k];
    report("barrier", iters, t0);
    /* 4-byte broadcasts */
    counts(c0);
    t0 = now();
    for (i = 0; i < iters; i++)
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    t0 = now() - t0;
    counts(c1);
    for (k = 0; k < 4; k++)
        ops[4 * MYTHREAD + k] = c1[k] - c0[k];
    report("broadcast", iters, t0);
    if (dst[MYTHREAD] != 42) {
        printf("thread %d: broadcast gave %d\n", MYTHREAD, dst[MYTHREAD]);
        return 1;
    }
    return 0;
}
