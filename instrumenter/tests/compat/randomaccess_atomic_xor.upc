/*
 * HPCC RandomAccess (GUPS) the way the UPC reference code is organized: the
 * table is allocated with upc_all_alloc, each thread starts its share of the
 * pseudo-random stream with HPCC_starts, and the 64-bit XOR updates are
 * applied to whatever thread owns the entry -- here atomically, through a
 * UPC_XOR atomic domain of UPC_UINT64, so the result is exact and the usual
 * verification (replay the whole stream on one thread, XOR again, count the
 * entries that are not back to their index) must find zero errors.
 */
#include <upc_relaxed.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

typedef uint64_t u64Int;
typedef int64_t s64Int;

#define POLY   0x0000000000000007ULL
#define PERIOD 1317624576693539401LL
#define LTABLE 12
#define TABSIZE (1ULL << LTABLE)
#define NUPDATE (4 * TABSIZE)

shared u64Int *Table;
shared s64Int NumErrors;

u64Int HPCC_starts(s64Int n)
{
    int i, j;
    u64Int m2[64];
    u64Int temp, ran;
    while (n < 0) n += PERIOD;
    while (n > PERIOD) n -= PERIOD;
    if (n == 0) return 0x1;
    temp = 0x1;
    for (i = 0; i < 64; i++) {
        m2[i] = temp;
        temp = (temp << 1) ^ ((s64Int) temp < 0 ? POLY : 0);
        temp = (temp << 1) ^ ((s64Int) temp < 0 ? POLY : 0);
    }
    for (i = 62; i >= 0; i--)
        if ((n >> i) & 1) break;
    ran = 0x2;
    while (i > 0) {
        temp = 0;
        for (j = 0; j < 64; j++)
            if ((unsigned)((ran >> j) & 1))
                temp ^= m2[j];
        ran = temp;
        i -= 1;
        if ((n >> i) & 1)
            ran = (ran << 1) ^ ((s64Int) ran < 0 ? POLY : 0);
    }
    return ran;
}

static void RandomAccessUpdate(upc_atomicdomain_t *dom, u64Int nupdate)
{
    u64Int i, per = (nupdate + THREADS - 1) / THREADS;
    u64Int first = per * MYTHREAD, last = first + per;
    u64Int ran;
    if (last > nupdate) last = nupdate;
    if (first >= last) return;
    ran = HPCC_starts((s64Int)first);
    for (i = first; i < last; i++) {
        ran = (ran << 1) ^ ((s64Int) ran < 0 ? POLY : 0);
        upc_atomic_relaxed(dom, NULL, UPC_XOR, &Table[ran & (TABSIZE - 1)], &ran, NULL);
    }
}

int main(void)
{
    upc_atomicdomain_t *dom;
    u64Int i, ran;
    s64Int errors = 0;
    u64Int *copy;

    /* a table of TABSIZE entries, THREADS blocks of the cyclic layout */
    Table = (shared u64Int *) upc_all_alloc(TABSIZE, sizeof(u64Int));
    dom = upc_all_atomicdomain_alloc(UPC_UINT64, UPC_XOR, 0);

    upc_forall (i = 0; i < TABSIZE; i++; &Table[i])
        Table[i] = i;
    if (MYTHREAD == 0) {
        printf("Main table size   = 2^%d = %llu words\n", LTABLE, (unsigned long long)TABSIZE);
        printf("Number of updates = %llu\n", (unsigned long long)NUPDATE);
        NumErrors = 0;
    }
    upc_barrier;

    RandomAccessUpdate(dom, NUPDATE);
    upc_barrier;

    /* verification: thread 0 replays the stream on a private copy */
    if (MYTHREAD == 0) {
        copy = malloc(TABSIZE * sizeof *copy);
        for (i = 0; i < TABSIZE; i++)
            copy[i] = Table[i];
        ran = 0x1;
        for (i = 0; i < NUPDATE; i++) {
            ran = (ran << 1) ^ ((s64Int) ran < 0 ? POLY : 0);
            copy[ran & (TABSIZE - 1)] ^= ran;
        }
        for (i = 0; i < TABSIZE; i++)
            if (copy[i] != i)
                errors++;
        NumErrors = errors;
        free(copy);
        printf("Found %lld errors in %llu locations (%s).\n", (long long)NumErrors,
               (unsigned long long)TABSIZE, NumErrors <= 0.01 * TABSIZE ? "passed" : "failed");
    }
    upc_barrier;
    upc_all_atomicdomain_free(dom);
    if (MYTHREAD == 0) upc_free(Table);
    return 0;
}
