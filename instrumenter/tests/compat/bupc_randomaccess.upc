/*
 * HPCC RandomAccess in the form of its Berkeley UPC variant: the table is a
 * cyclic shared array of 64-bit words from upc_all_alloc, every update is a remote atomic XOR
 * (bupc_atomicU64_fetchxor_relaxed), and the kernel is timed with Berkeley's
 * tick counter (bupc_ticks_now, bupc_ticks_to_us).  The same updates are then
 * applied a second time, which must give back the initial table exactly.
 */
#include <upc.h>
#include <bupc_atomic.h>
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>

#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL
#define LOG_TABLE 12
#define TABLE_SIZE (1UL << LOG_TABLE)
#define UPDATES_PER_THREAD 2048

shared uint64_t *table;             /* cyclic, from upc_all_alloc */
shared uint64_t errors[THREADS];
shared uint64_t elapsed_us[THREADS];

/* HPCC_starts: the n-th number of the generator's stream */
static uint64_t starts(int64_t n)
{
    int i, j;
    uint64_t m2[64], temp, ran;
    while (n < 0) n += PERIOD;
    while (n > PERIOD) n -= PERIOD;
    if (n == 0) return 0x1;
    temp = 0x1;
    for (i = 0; i < 64; i++) {
        m2[i] = temp;
        temp = (temp << 1) ^ ((int64_t)temp < 0 ? POLY : 0);
        temp = (temp << 1) ^ ((int64_t)temp < 0 ? POLY : 0);
    }
    for (i = 62; i >= 0; i--)
        if ((n >> i) & 1) break;
    ran = 0x2;
    while (i > 0) {
        temp = 0;
        for (j = 0; j < 64; j++)
            if ((ran >> j) & 1) temp ^= m2[j];
        ran = temp;
        i -= 1;
        if ((n >> i) & 1)
            ran = (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0);
    }
    return ran;
}

static void kernel(void)
{
    uint64_t ran = starts((int64_t)UPDATES_PER_THREAD * MYTHREAD);
    int i;
    for (i = 0; i < UPDATES_PER_THREAD; i++) {
        ran = (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0);
        bupc_atomicU64_fetchxor_relaxed(&table[ran & (TABLE_SIZE - 1)], ran);
    }
}

int main(void)
{
    uint64_t i;
    bupc_tick_t t0;

    table = (shared uint64_t *)upc_all_alloc(TABLE_SIZE, sizeof(uint64_t));

    upc_forall (i = 0; i < TABLE_SIZE; i++; &table[i])
        table[i] = i;
    upc_barrier;

    t0 = bupc_ticks_now();
    kernel();
    upc_barrier;
    elapsed_us[MYTHREAD] = bupc_ticks_to_us(bupc_ticks_now() - t0);

    /* the updates a second time undo the first */
    kernel();
    upc_barrier;

    errors[MYTHREAD] = 0;
    upc_forall (i = 0; i < TABLE_SIZE; i++; &table[i])
        if (table[i] != i)
            errors[MYTHREAD]++;
    upc_barrier;

    if (MYTHREAD == 0) {
        uint64_t e = 0, worst = 0;
        int t;
        for (t = 0; t < THREADS; t++) {
            e += errors[t];
            if (elapsed_us[t] > worst)
                worst = elapsed_us[t];
        }
        printf("table %lu words, %d updates per thread\n", (unsigned long)TABLE_SIZE,
               UPDATES_PER_THREAD);
        printf("errors %" PRIu64 "\n", e);
        /* (the time is measured, not printed: it differs from run to run) */
        printf("timed: %s\n", worst < 600000000ULL ? "yes" : "no");
        upc_free(table);
    }
    return 0;
}
