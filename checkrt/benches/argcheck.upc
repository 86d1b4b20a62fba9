/* Benchmark (not a test): the cost of the argument checks per call.
 *
 * Each thread times the same calls two ways in one run:
 *   unchecked  through a function pointer (the translator instruments only calls by name),
 *   checked    a direct call, preceded by the checker's upcc_check_entry (argument rules
 *              of the catalog + deadlock bookkeeping) and followed by upcc_record_exit.
 * and prints nanoseconds per call and the overhead.  Rounds alternate between the two
 * ways; the best round of each is kept.
 *
 *   upc-check -T 4 -O2 -o argcheck checkrt/benches/argcheck.upc && ./argcheck [calls]
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#if __has_include(<upc_collective.h>)
#include <upc_collective.h>
#define HAVE_COLLECTIVES 1
#endif

#define BYTES 4096
#define ROUNDS 7
/* Per-thread size of the streaming source: larger than the caches. */
#define BIG (64L << 20)

shared [BYTES] char src[BYTES * THREADS];
shared [BIG] char big[BIG * THREADS];
shared [BYTES] char dst[BYTES * THREADS];
char buf[BYTES];

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

typedef void (*memget_fn)(void *, shared const void *, size_t);
#ifdef HAVE_COLLECTIVES
typedef void (*bcast_fn)(shared void *, shared const void *, size_t, upc_flag_t);
#endif

int main(int argc, char **argv) {
    long calls = argc > 1 ? atol(argv[1]) : 200000;
    int peer = (MYTHREAD + 1) % THREADS;
    volatile memget_fn raw_memget = upc_memget;
    double best_raw = 1e30, best_chk = 1e30;
    int r;
    long i;

    upc_memset(&src[BYTES * MYTHREAD], MYTHREAD, BYTES);
    upc_barrier;
    for (r = 0; r < ROUNDS; r++) {
        double t0 = now_ns();
        for (i = 0; i < calls; i++)
            raw_memget(buf, &src[BYTES * peer], BYTES);
        double t1 = now_ns();
        for (i = 0; i < calls; i++)
            upc_memget(buf, &src[BYTES * peer], BYTES);
        double t2 = now_ns();
        if (t1 - t0 < best_raw) best_raw = t1 - t0;
        if (t2 - t1 < best_chk) best_chk = t2 - t1;
    }
    if (buf[0] != (char)peer) printf("thread %d: wrong data\n", MYTHREAD);
    printf("thread %d: upc_memget %d B, same block (cached): unchecked %.1f ns/call, "
           "checked %.1f ns/call, overhead %.1f ns (%.2f %%)\n",
           MYTHREAD, BYTES, best_raw / calls, best_chk / calls,
           (best_chk - best_raw) / calls, 100.0 * (best_chk - best_raw) / best_raw);
    upc_barrier;

    /* Streaming: every call reads the next 4 KB of a 64 MB block of the next thread. */
    {
        long chunks = BIG / BYTES;
        long scalls = calls < chunks ? calls : chunks;
        upc_memset(&big[BIG * MYTHREAD], MYTHREAD, BIG);
        upc_barrier;
        best_raw = best_chk = 1e30;
        for (r = 0; r < ROUNDS; r++) {
            double t0 = now_ns();
            for (i = 0; i < scalls; i++)
                raw_memget(buf, &big[BIG * peer + (i % chunks) * BYTES], BYTES);
            double t1 = now_ns();
            for (i = 0; i < scalls; i++)
                upc_memget(buf, &big[BIG * peer + (i % chunks) * BYTES], BYTES);
            double t2 = now_ns();
            if (t1 - t0 < best_raw) best_raw = t1 - t0;
            if (t2 - t1 < best_chk) best_chk = t2 - t1;
        }
        printf("thread %d: upc_memget %d B, streaming 64 MB: unchecked %.1f ns/call, "
               "checked %.1f ns/call, overhead %.1f ns (%.2f %%)\n",
               MYTHREAD, BYTES, best_raw / scalls, best_chk / scalls,
               (best_chk - best_raw) / scalls, 100.0 * (best_chk - best_raw) / best_raw);
    }
    upc_barrier;

#ifdef HAVE_COLLECTIVES
    {
        long bcalls = calls / 100 > 100 ? calls / 100 : 100;
        volatile bcast_fn raw_bcast = upc_all_broadcast;
        best_raw = best_chk = 1e30;
        for (r = 0; r < ROUNDS; r++) {
            double t0, t1, t2;
            upc_barrier;
            t0 = now_ns();
            for (i = 0; i < bcalls; i++)
                raw_bcast(dst, &src[0], 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
            upc_barrier;
            t1 = now_ns();
            for (i = 0; i < bcalls; i++)
                upc_all_broadcast(dst, &src[0], 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
            upc_barrier;
            t2 = now_ns();
            if (t1 - t0 < best_raw) best_raw = t1 - t0;
            if (t2 - t1 < best_chk) best_chk = t2 - t1;
        }
        if (MYTHREAD == 0)
            printf("upc_all_broadcast 4 B, %d threads: unchecked %.0f ns/call, checked %.0f "
                   "ns/call, overhead %.0f ns (%.2f %%)\n",
                   THREADS, best_raw / bcalls, best_chk / bcalls,
                   (best_chk - best_raw) / bcalls, 100.0 * (best_chk - best_raw) / best_raw);
    }
#endif
    return 0;
}
