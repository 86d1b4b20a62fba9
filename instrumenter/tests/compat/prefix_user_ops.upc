/* Prefix reductions with the operations real codes pass: a running maximum of doubles, a
 * running logical AND and XOR of unsigned longs, a running product of floats kept small, a
 * gcd through UPC_FUNC and a non-commutative "leftmost" through UPC_NONCOMM_FUNC, over
 * arrays blocked by 3 (so blocks straddle threads), with fewer elements than the array
 * holds.  Each result is checked against a sequential scan. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define BLK 3
#define PER 4 /* blocks per thread */
#define NEL (BLK * PER)

shared [BLK] double dsrc[NEL * THREADS], ddst[NEL * THREADS];
shared [BLK] unsigned long usrc[NEL * THREADS], udst[NEL * THREADS];
shared [BLK] float fsrc[NEL * THREADS], fdst[NEL * THREADS];
shared [BLK] long lsrc[NEL * THREADS], ldst[NEL * THREADS];

static long gcd(long a, long b)
{
    while (b) {
        long t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

static long leftmost(long a, long b)
{
    (void)b;
    return a;
}

int main(void)
{
    int n = NEL * THREADS - 2; /* not a whole number of blocks */
    int i, bad = 0;
    const upc_flag_t sync = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
    upc_forall (i = 0; i < NEL * THREADS; i++; &dsrc[i]) {
        dsrc[i] = (i * 37) % 101 - 50.5;
        usrc[i] = (i % 5 == 4) ? 0x0fUL : (0xffUL ^ (unsigned long)(1u << (i % 8)));
        fsrc[i] = (i % 2) ? 2.0f : 0.5f;
        lsrc[i] = 360L * (i + 1) / (1 + i % 6);
    }
    upc_forall (i = 0; i < NEL * THREADS; i++; &ddst[i]) {
        ddst[i] = -1;
        udst[i] = 1;
        fdst[i] = -1;
        ldst[i] = -1;
    }

    upc_all_prefix_reduceD(ddst, dsrc, UPC_MAX, n, BLK, NULL, sync);
    upc_all_prefix_reduceF(fdst, fsrc, UPC_MULT, n, BLK, NULL, sync);
    upc_all_prefix_reduceL(ldst, lsrc, UPC_FUNC, n, BLK, gcd, sync);
    if (MYTHREAD == 0) {
        double m = dsrc[0];
        float p = 1;
        long g = 0;
        for (i = 0; i < n; i++) {
            if (dsrc[i] > m)
                m = dsrc[i];
            p *= fsrc[i];
            g = gcd(g, lsrc[i]);
            bad += ddst[i] != m || fdst[i] != p || ldst[i] != g;
        }
        bad += ddst[n] != -1 || ldst[n + 1] != -1; /* past n: untouched */
        printf("max/mult/gcd prefixes: %d differences\n", bad);
    }
    upc_all_prefix_reduceUL(udst, usrc, UPC_LOGAND, n, BLK, NULL, sync);
    if (MYTHREAD == 0) {
        unsigned long a = 0;
        int b = 0;
        for (i = 0; i < n; i++) {
            a = i == 0 ? usrc[0] : (a && usrc[i]); /* the first element is itself */
            b += udst[i] != a;
        }
        printf("logical-and prefix: %d differences\n", b);
    }
    upc_all_prefix_reduceUL(udst, usrc, UPC_XOR, n, BLK, NULL, sync);
    upc_all_prefix_reduceL(ldst, lsrc, UPC_NONCOMM_FUNC, n, BLK, leftmost, sync);
    if (MYTHREAD == 0) {
        unsigned long x = 0;
        int b = 0;
        for (i = 0; i < n; i++) {
            x ^= usrc[i];
            b += udst[i] != x || ldst[i] != lsrc[0];
        }
        printf("xor and leftmost prefixes: %d differences\n", b);
    }
    return 0;
}
