/* A micro-benchmark harness in the style of Berkeley UPC's test programs: a table of
 * kernels (function pointers), each run a few times between barriers and timed with
 * bupc_ticks_now() / bupc_ticks_to_us() and upc_ticks_now() / upc_ticks_to_ns(); only
 * values derived from the timings that do not vary are printed (monotonic clocks,
 * consistent conversions), with each kernel's checksum. */
#include <upc.h>
#include <upc_tick.h>
#include <bupc_tick.h> /* also declared by <upc.h> */
#include <stdio.h>
#include <string.h>

#define N 2048
#define REPS 3

shared double *a, *b;
shared [N / 4] double *c4;
shared double timings[THREADS];

typedef double (*kernel_fn)(void);

static double k_triad(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = b[i] * 2.0 + 1.0;
    upc_barrier;
    double s = 0;
    for (i = 0; i < N; i += 97)
        s += a[i];
    return s;
}

static double k_blocked_copy(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &c4[i])
        c4[i] = b[i];
    upc_barrier;
    double s = 0;
    for (i = 0; i < N; i += 101)
        s += c4[i];
    return s;
}

static double k_reduce(void)
{
    double s = 0;
    int i;
    upc_forall (i = 0; i < N; i++; &b[i])
        s += b[i];
    timings[MYTHREAD] = s;
    upc_barrier;
    double t = 0;
    for (i = 0; i < THREADS; i++)
        t += timings[i];
    upc_barrier;
    return t;
}

static const struct {
    const char *name;
    kernel_fn fn;
} kernels[] = {
    { "triad", k_triad },
    { "blocked-copy", k_blocked_copy },
    { "reduce", k_reduce },
};

int main(void)
{
    int i, k, r;
    a = upc_all_alloc(N, sizeof(double));
    b = upc_all_alloc(N, sizeof(double));
    c4 = upc_all_alloc(4, N / 4 * sizeof(double));
    upc_forall (i = 0; i < N; i++; &b[i])
        b[i] = i % 10;
    upc_barrier;
    for (k = 0; k < (int)(sizeof kernels / sizeof kernels[0]); k++) {
        double check = 0;
        int monotonic = 1, consistent = 1;
        for (r = 0; r < REPS; r++) {
            upc_barrier;
            bupc_tick_t t0 = bupc_ticks_now();
            upc_tick_t u0 = upc_ticks_now();
            check = kernels[k].fn();
            bupc_tick_t t1 = bupc_ticks_now();
            upc_tick_t u1 = upc_ticks_now();
            if (t1 < t0 || u1 < u0)
                monotonic = 0;
            /* microseconds and nanoseconds of the same interval agree within rounding */
            uint64_t us = bupc_ticks_to_us(t1 - t0), ns = bupc_ticks_to_ns(t1 - t0);
            if (us > ns / 1000 + 1 || ns / 1000 > us + 1)
                consistent = 0;
            if (upc_ticks_to_ns(u1 - u0) > 60ull * 1000000000ull)
                consistent = 0;
        }
        if (MYTHREAD == 0)
            printf("%-12s reps=%d checksum=%.1f monotonic=%s units=%s\n", kernels[k].name, REPS,
                   check, monotonic ? "yes" : "no", consistent ? "consistent" : "INCONSISTENT");
    }
    if (MYTHREAD == 0)
        printf("granularity positive: %s\n", bupc_tick_granularityus() > 0 ? "yes" : "no");
    return 0;
}
