/* A distributed Bloom filter: every thread inserts its share of the keys by setting bits
 * of a shared bit array with Berkeley UPC's atomic fetch-or (bupc_atomicU64_fetchor_relaxed),
 * counts the bits it was the first to set from the values fetched, and after a barrier
 * queries keys that were inserted (all must hit) and keys that were not (false positives
 * counted, deterministically). */
#include <upc.h>
#include <bupc_atomic.h>
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>

#define WORDS 64
#define KEYS 600
#define HASHES 3

shared [4] uint64_t *bits; /* the same filter whatever THREADS is: allocated */
shared long firsts[THREADS], misses[THREADS], fps[THREADS];

static uint64_t mix(uint64_t x, int k)
{
    x ^= (uint64_t)(k + 1) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

int main(void)
{
    const uint64_t nbits = 64 * WORDS;
    long first = 0, miss = 0, fp = 0;
    int i, k;
    bits = upc_all_alloc(WORDS / 4, 4 * sizeof(uint64_t));
    upc_forall (i = 0; i < WORDS; i++; &bits[i])
        bits[i] = 0;
    upc_barrier;
    for (i = MYTHREAD; i < KEYS; i += THREADS)
        for (k = 0; k < HASHES; k++) {
            uint64_t b = mix((uint64_t)i * 2, k) % nbits;
            uint64_t mask = (uint64_t)1 << (b % 64);
            uint64_t old = bupc_atomicU64_fetchor_relaxed(&bits[b / 64], mask);
            first += (old & mask) == 0;
        }
    upc_barrier;
    for (i = MYTHREAD; i < 2 * KEYS; i += THREADS) {
        int hit = 1;
        for (k = 0; k < HASHES; k++) {
            uint64_t b = mix((uint64_t)i * 2 + (i >= KEYS), k) % nbits;
            hit &= (int)((bits[b / 64] >> (b % 64)) & 1);
        }
        if (i < KEYS)
            miss += !hit; /* keys 0 .. KEYS-1 were inserted (as 2i) */
        else
            fp += hit;    /* keys 2i+1 were not */
    }
    firsts[MYTHREAD] = first;
    misses[MYTHREAD] = miss;
    fps[MYTHREAD] = fp;
    upc_barrier;
    if (MYTHREAD == 0) {
        long f = 0, m = 0, p = 0, set = 0;
        for (i = 0; i < THREADS; i++) {
            f += firsts[i];
            m += misses[i];
            p += fps[i];
        }
        for (i = 0; i < WORDS; i++)
            set += __builtin_popcountll(bits[i]);
        printf("bits set %ld (first setters %s)\n", set, f == set ? "agree" : "DISAGREE");
        printf("missed inserted keys %ld\n", m);
        printf("false positives %ld of %d\n", p, KEYS);
    }
    return 0;
}
