/*
 * RandomAccess (GUPS) in the style of the HPCC UPC version, with the update
 * stream made conflict-free: each thread applies the updates that hit its own
 * part of the table (owner computes), so the final table can be verified
 * exactly by replaying the stream.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdint.h>

#define LOG_LOCAL   10
#define LOCAL_SIZE  (1 << LOG_LOCAL)
#define POLY        0x0000000000000007ULL
#define PERIOD      1317624576693539401LL
#define NUPDATE     (4 * LOCAL_SIZE)

typedef uint64_t u64Int;

shared u64Int Table[LOCAL_SIZE*THREADS];
shared long long ErrorCount[THREADS];

static u64Int HPCC_starts(long long n)
{
    int i, j;
    u64Int m2[64], temp, ran;
    while (n < 0) n += PERIOD;
    while (n > PERIOD) n -= PERIOD;
    if (n == 0) return 0x1;
    temp = 0x1;
    for (i = 0; i < 64; i++) {
        m2[i] = temp;
        temp = (temp << 1) ^ ((int64_t) temp < 0 ? POLY : 0);
        temp = (temp << 1) ^ ((int64_t) temp < 0 ? POLY : 0);
    }
    for (i = 62; i >= 0; i--)
        if ((n >> i) & 1)
            break;
    ran = 0x2;
    while (i > 0) {
        temp = 0;
        for (j = 0; j < 64; j++)
            if ((ran >> j) & 1)
                temp ^= m2[j];
        ran = temp;
        i -= 1;
        if ((n >> i) & 1)
            ran = (ran << 1) ^ ((int64_t) ran < 0 ? POLY : 0);
    }
    return ran;
}

int main(void)
{
    u64Int i, ran, tsize = (u64Int) LOCAL_SIZE * THREADS;
    long long errors = 0;

    upc_forall (i = 0; i < tsize; i++; &Table[i])
        Table[i] = i;
    upc_barrier;

    /* every thread walks the whole stream and applies the updates it owns */
    ran = HPCC_starts(0);
    for (i = 0; i < NUPDATE * (u64Int) THREADS; i++) {
        u64Int idx;
        ran = (ran << 1) ^ ((int64_t) ran < 0 ? POLY : 0);
        idx = ran % tsize;
        if (upc_threadof(&Table[idx]) == (size_t) MYTHREAD)
            Table[idx] ^= ran;
    }
    upc_barrier;

    /* verification: applying the same stream again restores the table */
    ran = HPCC_starts(0);
    for (i = 0; i < NUPDATE * (u64Int) THREADS; i++) {
        u64Int idx;
        ran = (ran << 1) ^ ((int64_t) ran < 0 ? POLY : 0);
        idx = ran % tsize;
        if (upc_threadof(&Table[idx]) == (size_t) MYTHREAD)
            Table[idx] ^= ran;
    }
    upc_barrier;
    upc_forall (i = 0; i < tsize; i++; &Table[i])
        if (Table[i] != i)
            errors++;
    ErrorCount[MYTHREAD] = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        long long total = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            total += ErrorCount[t];
        printf("Main table size   = 2^%d*%d = %llu words\n", LOG_LOCAL, THREADS, (unsigned long long) tsize);
        printf("Found %lld errors in %llu locations (%s).\n", total, (unsigned long long) tsize,
               total <= 0.01 * tsize ? "passed" : "failed");
    }
    return 0;
}
