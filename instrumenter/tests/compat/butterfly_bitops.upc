/* butterfly_bitops.upc -- collective algorithms written with bit operations
 * on MYTHREAD, as in course assignments on hypercube algorithms: a
 * recursive-doubling allreduce with partner MYTHREAD ^ mask (threads beyond
 * the largest power of two fold in first), a binomial-tree broadcast using
 * MYTHREAD & -MYTHREAD, gray-code ranks, and a upc_forall whose body skips
 * work with goto (a label inside the body) and a continue. */
#include <upc.h>
#include <stdio.h>

shared long val[THREADS];
shared long bcast[THREADS];
shared int gray[THREADS];
shared long work[8 * THREADS];

static int floor_pow2(int n)
{
    int p = 1;
    while (p << 1 <= n) p <<= 1;
    return p;
}

static int popcount(unsigned x)
{
    int c = 0;
    for (; x; x &= x - 1) c++;
    return c;
}

/* allreduce (sum) of v over all threads, recursive doubling */
static long allreduce(long v)
{
    int me = MYTHREAD, p2 = floor_pow2(THREADS), mask;
    long acc = v;

    val[me] = acc;
    upc_barrier;
    if (me < THREADS - p2)                      /* fold the extra threads in */
        acc += val[me + p2];
    upc_barrier;
    if (me < p2)
        val[me] = acc;
    upc_barrier;
    for (mask = 1; mask < p2; mask <<= 1) {
        long other = 0;
        if (me < p2)
            other = val[me ^ mask];
        upc_barrier;
        if (me < p2) {
            acc += other;
            val[me] = acc;
        }
        upc_barrier;
    }
    if (me >= p2)
        acc = val[me - p2];
    upc_barrier;
    return acc;
}

/* binomial broadcast from thread 0: a thread receives in the round of its
 * lowest set bit, then sends to me + 2^k for smaller k */
static long broadcast(long v)
{
    int me = MYTHREAD, round, top = 1;
    while (top < THREADS) top <<= 1;
    if (me == 0) bcast[0] = v;
    upc_barrier;
    for (round = top >> 1; round >= 1; round >>= 1) {
        /* senders: threads that are multiples of 2*round */
        if ((me & (2 * round - 1)) == 0 && me + round < THREADS)
            bcast[me + round] = bcast[me];
        upc_barrier;
    }
    return bcast[me];
}

int main(void)
{
    int me = MYTHREAD, i;
    long sum, b, skipped = 0;

    sum = allreduce(me + 1);
    if (sum != (long)THREADS * (THREADS + 1) / 2)
        printf("thread %d: allreduce %ld\n", me, sum);
    b = broadcast(4242);
    if (b != 4242)
        printf("thread %d: broadcast %ld\n", me, b);

    gray[me] = me ^ (me >> 1);
    upc_barrier;
    if (me == 0) {
        int ok = 1;
        for (i = 1; i < THREADS; i++)
            if (popcount((unsigned)(gray[i] ^ gray[i - 1])) != 1) ok = 0;
        printf("gray code neighbours differ in one bit: %s\n", ok ? "yes" : "no");
        printf("lowest set bit of 12: %d, of 40: %d\n", 12 & -12, 40 & -40);
    }

    upc_forall (i = 0; i < 8 * THREADS; i++; &work[i]) {
        if (i % 8 == 7)
            continue;
        if ((i & 3) == 3)
            goto skip;                 /* a label inside the body */
        work[i] = (long)i << 1;
        continue;
    skip:
        work[i] = -1;
        skipped++;
    }
    upc_barrier;
    sum = allreduce(skipped);
    if (me == 0) {
        long s = 0;
        for (i = 0; i < 8 * THREADS; i++)
            if (i % 8 != 7) s += work[i];
        /* kept: i%8 in {0,1,2,4,5,6}, each 2i; skipped (-1): i%8 == 3, one per
         * thread; block k of 8 adds 96k + 36, so s = 48T(T-1) + 36T - T */
        printf("skipped per thread: %ld\n", sum / THREADS);
        printf("(kept sum + skipped - 48T(T-1)) / T = %ld\n",
               (s + sum - 48L * THREADS * (THREADS - 1)) / THREADS);
    }
    return 0;
}
