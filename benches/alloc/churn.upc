/* Allocation after many frees, and a random alloc/free churn, in the local heap (upc_alloc)
 * and in the symmetric heap (upc_global_alloc).
 *   UPC_THREADS=N ./churn [n] [s1] [s2] [churn-ops] [churn-slots]
 * Every thread, at the same time, on its own heap:
 *   holes:  n upc_alloc(s1), upc_free of every other one, then n upc_alloc(s2) (s2 > s1: no
 *           hole fits, the allocator has to find that out quickly);
 *   churn:  churn-ops steps over churn-slots slots: a random slot is freed when taken, else
 *           given an allocation of a random size (16..1024 bytes, a few up to 16 KiB);
 *   global: the holes pattern with upc_global_alloc (n/10 objects, thread 0 only).
 * Prints (thread 0) the slowest thread's seconds per phase and, for the churn, the span of
 * heap addresses its live blocks ever covered (KiB: how well freed memory is reused). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

shared double t_[THREADS];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double slowest(double mine)
{
    t_[MYTHREAD] = mine;
    upc_barrier;
    double m = 0;
    for (int t = 0; t < THREADS; t++) if (t_[t] > m) m = t_[t];
    upc_barrier;
    return m;
}

static unsigned long long rng = 88172645463325252ULL;
static unsigned long long next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 50000;
    size_t s1 = argc > 2 ? (size_t)atol(argv[2]) : 32;
    size_t s2 = argc > 3 ? (size_t)atol(argv[3]) : 64;
    long ops = argc > 4 ? atol(argv[4]) : 400000;
    int slots = argc > 5 ? atoi(argv[5]) : 20000;
    shared void **a = malloc(sizeof *a * n);
    shared void **b = malloc(sizeof *b * n);
    rng += MYTHREAD;

    upc_barrier;
    double t = now();
    for (int i = 0; i < n; i++) a[i] = upc_alloc(s1);
    double first = slowest(now() - t);
    t = now();
    for (int i = 0; i < n; i += 2) upc_free(a[i]);
    double frees = slowest(now() - t);
    t = now();
    for (int i = 0; i < n; i++) {
        b[i] = upc_alloc(s2);
        if (!b[i]) { printf("thread %d: out of memory at %d\n", MYTHREAD, i); upc_global_exit(1); }
    }
    double second = slowest(now() - t);
    for (int i = 1; i < n; i += 2) upc_free(a[i]);
    for (int i = 0; i < n; i++) upc_free(b[i]);

    shared void **s = calloc(slots, sizeof *s);
    size_t lo = (size_t)-1, hi = 0;
    upc_barrier;
    t = now();
    for (long k = 0; k < ops; k++) {
        int i = next() % slots;
        if (s[i]) {
            upc_free(s[i]);
            s[i] = NULL;
        } else {
            size_t sz = next() % 64 == 0 ? 16 + next() % 16384 : 16 + next() % 1009;
            s[i] = upc_alloc(sz);
            if (!s[i]) { printf("thread %d: out of memory in the churn\n", MYTHREAD); upc_global_exit(1); }
            size_t at = upc_addrfield(s[i]);
            if (at < lo) lo = at;
            if (at + sz > hi) hi = at + sz;
        }
    }
    double churn = slowest(now() - t);
    t_[MYTHREAD] = (double)(hi - lo);
    upc_barrier;
    double span = 0;
    for (int i = 0; i < THREADS; i++) if (t_[i] > span) span = t_[i];
    upc_barrier;
    for (int i = 0; i < slots; i++) if (s[i]) upc_free(s[i]);

    double global = 0;
    if (MYTHREAD == 0) {
        int m = n / 10;
        for (int i = 0; i < m; i++) a[i] = upc_global_alloc(THREADS, s1);
        for (int i = 0; i < m; i += 2) upc_free(a[i]);
        t = now();
        for (int i = 0; i < m; i++) b[i] = upc_global_alloc(THREADS, s2);
        global = now() - t;
        for (int i = 1; i < m; i += 2) upc_free(a[i]);
        for (int i = 0; i < m; i++) upc_free(b[i]);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("threads=%d n=%d s1=%zu s2=%zu allocs=%.4f frees=%.4f allocs-after-frees=%.4f "
               "churn=%.4f churn-span-KiB=%.0f global-after-frees=%.4f\n",
               THREADS, n, s1, s2, first, frees, second, churn, span / 1024, global);
    return 0;
}
