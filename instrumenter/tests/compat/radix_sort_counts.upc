/* LSD radix sort of 32-bit keys over all threads, the classic UPC course
 * assignment: per pass every thread counts the digits of its keys, the
 * counts go to a shared count matrix, each thread computes where its keys go
 * from the counts of all threads (a prefix over digit, then thread), and the
 * keys are scattered with one upc_memput per digit run into the other array.
 * Keys per thread are fixed, so the total depends on THREADS; the checksum
 * is printed relative to the expectation. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PER 200
#define RADIX 256
#define PASSES 4

shared [PER] unsigned keys_a[PER * THREADS], keys_b[PER * THREADS];
shared [RADIX] int counts[THREADS][RADIX];
shared int bad[THREADS];

static unsigned hash32(unsigned x)
{
    x = ((x >> 16) ^ x) * 0x45d9f3bu;
    x = ((x >> 16) ^ x) * 0x45d9f3bu;
    return (x >> 16) ^ x;
}

int main(void)
{
    shared [PER] unsigned *src = keys_a, *dst = keys_b, *tmp;
    unsigned mine[PER], out[PER];
    int i, pass, t, d;
    unsigned long long sum_in = 0, sum_out = 0;

    for (i = 0; i < PER; i++)
        keys_a[MYTHREAD * PER + i] = hash32(MYTHREAD * PER + i + 1);
    upc_barrier;
    for (pass = 0; pass < PASSES; pass++) {
        int shift = 8 * pass, cnt[RADIX] = {0}, start[RADIX];
        upc_memget(mine, &src[MYTHREAD * PER], sizeof mine);
        for (i = 0; i < PER; i++)
            cnt[(mine[i] >> shift) & (RADIX - 1)]++;
        upc_memput(&counts[MYTHREAD][0], cnt, sizeof cnt);
        upc_barrier;
        /* global position of my first key with digit d */
        {
            long pos = 0;
            for (d = 0; d < RADIX; d++) {
                for (t = 0; t < THREADS; t++) {
                    if (t == MYTHREAD) start[d] = (int)pos;
                    pos += counts[t][d];
                }
            }
        }
        /* stable local bucket order, then runs of equal digit */
        {
            int off[RADIX], acc = 0;
            for (d = 0; d < RADIX; d++) { off[d] = acc; acc += cnt[d]; }
            for (i = 0; i < PER; i++)
                out[off[(mine[i] >> shift) & (RADIX - 1)]++] = mine[i];
            acc = 0;
            for (d = 0; d < RADIX; d++) {
                int n = cnt[d], g = start[d];
                while (n > 0) {
                    /* a run may cross a block boundary: split it there */
                    int room = PER - g % PER, k = n < room ? n : room;
                    upc_memput(&dst[g], &out[acc], k * sizeof(unsigned));
                    g += k; acc += k; n -= k;
                }
            }
        }
        upc_barrier;
        tmp = src; src = dst; dst = tmp;
    }
    bad[MYTHREAD] = 0;
    for (i = 0; i < PER; i++) {
        int g = MYTHREAD * PER + i;
        if (g > 0 && src[g - 1] > src[g])
            bad[MYTHREAD]++;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int errors = 0;
        for (t = 0; t < THREADS; t++)
            errors += bad[t];
        for (i = 0; i < PER * THREADS; i++) {
            sum_in += hash32(i + 1);
            sum_out += src[i];
        }
        printf("sorted %d keys in %d passes: %d inversions, checksum %s\n", PER * THREADS,
               PASSES, errors, sum_in == sum_out ? "ok" : "WRONG");
    }
    return 0;
}
