/* The collectives' control state over one-sided communication (every thread its own node):
 * time and remote operations per thread of a 4-byte upc_all_broadcast and a upc_all_reduceI
 * (one int per thread), under ALLSYNC and MYSYNC.
 *   coll ITERS
 * Each loop is timed on thread 0 between barriers; thread 0 prints per loop the time per
 * call and the remote operations per thread per call (mean and maximum over the threads):
 * the program's gets and puts (upcr_rma_counts: the data moved), the one-sided atomics on
 * control words (upcr_rma_word_ops: the checker's ring, the collectives' flags) and the
 * collectives' own operations among them and their gets and puts (upcr_rma_coll_ops), of
 * which the polls of a word waited for (upcr_rma_coll_polls: timing, not protocol). */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define K 5
shared int src;
shared int dst[THREADS];
shared int vals[THREADS];
shared int sum;
shared double ops[K * THREADS];

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, 0);
    return tv.tv_sec * 1e6 + tv.tv_usec;
}

static void counts(double c[K])
{
    unsigned long long v[4];
    upcr_rma_counts(v);
    c[0] = (double)v[0];
    c[1] = (double)v[2];
    c[2] = (double)upcr_rma_word_ops();
    c[3] = (double)upcr_rma_coll_ops();
    c[4] = (double)upcr_rma_coll_polls();
}

static void report(const char *what, int iters, double us, double c0[K], double c1[K])
{
    int i, k;
    for (k = 0; k < K; k++)
        ops[K * MYTHREAD + k] = c1[k] - c0[k];
    upc_barrier;
    if (MYTHREAD == 0) {
        const char *names[K] = {"gets", "puts", "words", "coll", "polls"};
        printf("threads=%d %-16s %10.1f us/call", THREADS, what, us / iters);
        for (k = 0; k < K; k++) {
            double s = 0, max = 0;
            for (i = 0; i < THREADS; i++) {
                double x = ops[K * i + k] / iters;
                s += x;
                if (x > max)
                    max = x;
            }
            printf("  %s %.2f max %.2f", names[k], s / THREADS, max);
        }
        printf("\n");
        fflush(stdout);
    }
    upc_barrier;
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 100;
    int i, m, bad = 0;
    double c0[K], c1[K], t0;
    const char *names[2] = {"ALLSYNC", "MYSYNC"};
    upc_flag_t modes[2] = {UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPC_IN_MYSYNC | UPC_OUT_MYSYNC};
    char what[32];
    if (MYTHREAD == 0)
        src = 42;
    vals[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    for (m = 0; m < 2; m++) {
        upc_barrier;
        counts(c0);
        t0 = now();
        for (i = 0; i < iters; i++)
            upc_all_broadcast(dst, &src, sizeof(int), modes[m]);
        t0 = now() - t0;
        counts(c1);
        sprintf(what, "broadcast %s", names[m]);
        report(what, iters, t0, c0, c1);
        bad |= dst[MYTHREAD] != 42;
        upc_barrier;
        counts(c0);
        t0 = now();
        for (i = 0; i < iters; i++)
            upc_all_reduceI(&sum, vals, UPC_ADD, THREADS, 1, NULL, modes[m]);
        t0 = now() - t0;
        counts(c1);
        sprintf(what, "reduceI %s", names[m]);
        report(what, iters, t0, c0, c1);
        bad |= MYTHREAD == 0 && sum != THREADS * (THREADS + 1) / 2;
    }
    if (bad)
        printf("thread %d: wrong result\n", MYTHREAD);
    return bad;
}
