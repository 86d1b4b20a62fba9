/* Berkeley UPC's timer extension (bupc_tick.h): ticks are the nanoseconds of CLOCK_MONOTONIC,
 * the same clock as upc_ticks_now.  The definitions are weak, so a program that defines
 * functions of these names itself links with its own. */
#include <stdint.h>
#include <time.h>

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

__attribute__((weak)) uint64_t bupc_ticks_now(void) { return now_ns(); }

__attribute__((weak)) uint64_t bupc_ticks_to_ns(uint64_t ticks) { return ticks; }

__attribute__((weak)) uint64_t bupc_ticks_to_us(uint64_t ticks) { return ticks / 1000u; }

/* Smallest non-zero step between two readings, in microseconds (measured once). */
__attribute__((weak)) double bupc_tick_granularityus(void)
{
    static double cached;
    if (cached == 0.0) {
        uint64_t best = UINT64_MAX;
        for (int i = 0; i < 1000; i++) {
            uint64_t a = now_ns(), b;
            while ((b = now_ns()) == a)
                ;
            if (b - a < best)
                best = b - a;
        }
        struct timespec res;
        if (clock_getres(CLOCK_MONOTONIC, &res) == 0) {
            uint64_t r = (uint64_t)res.tv_sec * 1000000000u + (uint64_t)res.tv_nsec;
            if (r > best)
                best = r;
        }
        cached = (double)best / 1000.0;
    }
    return cached;
}

/* Average cost of one bupc_ticks_now() call, in microseconds (measured once). */
__attribute__((weak)) double bupc_tick_overheadus(void)
{
    static double cached;
    if (cached == 0.0) {
        enum { CALLS = 10000 };
        volatile uint64_t sink = 0;
        uint64_t start = now_ns();
        for (int i = 0; i < CALLS; i++)
            sink += bupc_ticks_now();
        uint64_t spent = now_ns() - start;
        (void)sink;
        cached = (double)spent / CALLS / 1000.0;
        if (cached <= 0.0)
            cached = 1e-6;
    }
    return cached;
}
