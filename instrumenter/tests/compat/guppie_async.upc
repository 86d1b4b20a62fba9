/*
 * Berkeley "guppie" style: updates are batched per destination thread in a
 * private buffer, and a full batch is shipped with bupc_memput_async into the
 * destination's mailbox, in the slot reserved for (round, sender); up to
 * NPEND batches are in flight, a buffer is reused only after bupc_trysync
 * polling or bupc_waitsync retired its transfer.  After a barrier every
 * thread applies the batches delivered to it.  The table is checked against a
 * serial replay of every thread's stream.
 */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#define LOCAL   256
#define BATCH   16
#define ROUNDS  4
#define NPEND   4

typedef uint64_t u64;

shared [LOCAL] u64 table[LOCAL * THREADS];
shared [] u64 *shared mailbox[THREADS];
shared long polls[THREADS];

static u64 next(u64 x)
{
    return (x << 1) ^ ((int64_t)x < 0 ? 0x7ULL : 0);
}

static u64 seed_of(int t)
{
    return 0x9E3779B97F4A7C15ULL * (u64)(t + 1);
}

int main(void)
{
    static u64 out[NPEND][BATCH];
    bupc_handle_t h[NPEND];
    shared [] u64 *mine;
    u64 ran = seed_of(MYTHREAD);
    int r, d, k, slot = 0, i;
    long spins = 0;

    for (i = 0; i < NPEND; i++)
        h[i] = BUPC_COMPLETE_HANDLE;
    mine = (shared [] u64 *) upc_alloc(ROUNDS * THREADS * BATCH * sizeof(u64));
    mailbox[MYTHREAD] = mine;
    for (i = 0; i < LOCAL; i++)
        table[MYTHREAD * LOCAL + i] = (u64)(MYTHREAD * LOCAL + i);
    upc_barrier;

    for (r = 0; r < ROUNDS; r++) {
        for (d = 0; d < THREADS; d++) {
            int dst = (MYTHREAD + d) % THREADS;
            shared [] u64 *box = mailbox[dst];
            /* reuse the oldest buffer: poll a little, then wait */
            if (h[slot] != BUPC_COMPLETE_HANDLE) {
                int tries = 0;
                while (!bupc_trysync(h[slot]) && tries < 8) {
                    tries++;
                    spins++;
                }
                if (tries == 8)
                    bupc_waitsync(h[slot]);
                h[slot] = BUPC_COMPLETE_HANDLE;
            }
            for (k = 0; k < BATCH; k++) {
                ran = next(ran);
                out[slot][k] = ran;
            }
            h[slot] = bupc_memput_async(&box[(r * THREADS + MYTHREAD) * BATCH], out[slot],
                                        BATCH * sizeof(u64));
            slot = (slot + 1) % NPEND;
        }
    }
    for (i = 0; i < NPEND; i++)
        bupc_waitsync(h[i]);
    polls[MYTHREAD] = spins;
    upc_barrier;

    /* apply what was delivered */
    for (i = 0; i < ROUNDS * THREADS * BATCH; i++) {
        u64 v = mine[i];
        table[MYTHREAD * LOCAL + (v % LOCAL)] ^= v;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        u64 *copy = malloc(LOCAL * THREADS * sizeof(u64));
        long errors = 0;
        int s;
        for (i = 0; i < LOCAL * THREADS; i++)
            copy[i] = (u64)i;
        for (s = 0; s < THREADS; s++) {
            u64 x = seed_of(s);
            for (r = 0; r < ROUNDS; r++)
                for (d = 0; d < THREADS; d++) {
                    int dst = (s + d) % THREADS;
                    for (k = 0; k < BATCH; k++) {
                        x = next(x);
                        copy[dst * LOCAL + (x % LOCAL)] ^= x;
                    }
                }
        }
        for (i = 0; i < LOCAL * THREADS; i++)
            if (copy[i] != table[i])
                errors++;
        printf("guppie: %d threads, %d updates per thread in batches of %d\n", THREADS,
               ROUNDS * THREADS * BATCH, BATCH);
        printf("errors: %ld\n", errors);
        free(copy);
    }
    upc_barrier;
    upc_free(mine);
    return 0;
}
