/* GNU C idioms as they appear in systems-flavoured UPC codes: variadic debug
 * macros with ##__VA_ARGS__, min/max as statement expressions with typeof
 * (also over shared elements), __builtin_expect in likely/unlikely,
 * attributes on functions, variables and types, and designated
 * initializers of a private table. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

#define DEBUG 0
#define dprintf(fmt, ...) \
    do { if (DEBUG) fprintf(stderr, "[%d] " fmt, MYTHREAD, ##__VA_ARGS__); } while (0)
#define say(...) printf(__VA_ARGS__)

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define min(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define swap(x, y) do { typeof(x) _t = (x); (x) = (y); (y) = _t; } while (0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define PER 24

struct __attribute__((packed)) rec {
    char tag;
    int value;
};

typedef struct stats {
    long lo, hi, sum;
} stats_t __attribute__((aligned(8)));

shared long vals[PER * THREADS];
shared stats_t st[THREADS];
shared struct rec recs[THREADS];

static const char *const names[] = {
    [0] = "zero", [2] = "two", [1] = "one", [3] = "three",
};

static inline __attribute__((always_inline)) long
mix(long x)
{
    return (x * 7919L + 13L) % 1009L;
}

static __attribute__((noinline)) stats_t
local_stats(int t)
{
    stats_t s = { .lo = 1L << 40, .hi = -1, .sum = 0 };
    int i;
    for (i = 0; i < PER; i++) {
        long v = vals[t * PER + i];
        s.lo = min(s.lo, v);
        s.hi = max(s.hi, v);
        s.sum += v;
    }
    return s;
}

__attribute__((unused)) static void never_called(void) { say("never\n"); }

int main(void)
{
    int i, t;
    long __attribute__((unused)) spare = 0;

    for (i = 0; i < PER; i++)
        vals[MYTHREAD * PER + i] = mix(MYTHREAD * PER + i);
    dprintf("filled %d values\n", PER);
    upc_barrier;

    st[MYTHREAD] = local_stats(MYTHREAD);
    recs[MYTHREAD].tag = 'a' + MYTHREAD % 26;
    recs[MYTHREAD].value = (int) st[MYTHREAD].sum;
    upc_barrier;

    if (MYTHREAD == 0) {
        long lo = st[0].lo, hi = st[0].hi, sum = 0, check = 0;
        long a = 5, b = 3;
        for (t = 0; t < THREADS; t++) {
            lo = min(lo, st[t].lo);
            hi = max(st[t].hi, hi);
            sum += st[t].sum;
            if (unlikely(recs[t].value != st[t].sum))
                say("record %d wrong\n", t);
        }
        for (i = 0; i < PER * THREADS; i++)
            check += max(vals[i], 0L);
        /* a statement expression as a loop bound and as an array index */
        for (i = 0; i < ({ int n = (int) ARRAY_SIZE(names); n; }); i++)
            say("%s%s", names[i], i + 1 < (int) ARRAY_SIZE(names) ? " " : "\n");
        swap(a, b);
        say("swap: %ld %ld, sizeof(struct rec) = %zu\n", a, b, sizeof(struct rec));
        {
            long elo = mix(0), ehi = mix(0);
            for (i = 1; i < PER * THREADS; i++) {
                elo = min(elo, mix(i));
                ehi = max(ehi, mix(i));
            }
            say("min %s max %s sums %s\n", lo == elo ? "ok" : "WRONG", hi == ehi ? "ok" : "WRONG",
                likely(sum == check) ? "agree" : "DIFFER");
        }
        say("mix(0..3): %ld %ld %ld %ld\n", mix(0), mix(1), mix(2), mix(3));
        say("largest of thread 0: %ld\n", ({ long m = 0; for (i = 0; i < PER; i++) m = max(m, vals[i]); m; }));
    }
    return 0;
}
