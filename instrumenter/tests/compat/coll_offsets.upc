/* coll_offsets.upc -- collectives on sub-ranges of blocked arrays, as
 * library tests write them: upc_all_reduce and upc_all_prefix_reduce whose
 * source starts in the middle of a block on some thread (nonzero phase), a
 * block size that does not divide the element count, a user reduction
 * function (UPC_FUNC) and a non-commutative one (UPC_NONCOMM_FUNC: matrix
 * product of 2x2 integer matrices encoded in a long), and upc_all_broadcast
 * of a [] array and upc_all_gather into a buffer upc_alloc'd by thread 0. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define B 4
#define PER 3                                 /* blocks per thread */

shared [B] long src[B * PER * THREADS];
shared [B] long pre[B * PER * THREADS];
shared long result;
shared long mres;
shared [] int bsrc[8];                        /* on thread 0 */
shared [8] int bdst[8 * THREADS];
shared [] char *shared gathered;
shared [2] char gath[2 * THREADS];
shared int gather_ok;

static long mmax(long a, long b) { return a > b ? a : b; }

/* a 2x2 matrix of 4-bit entries [a b; c d] packed in 16 bits; product mod 16 */
static long mat(int a, int b, int c, int d) { return a | b << 4 | c << 8 | (long)d << 12; }
static long mmul(long x, long y)
{
    int a = x & 15, b = x >> 4 & 15, c = x >> 8 & 15, d = x >> 12 & 15;
    int e = y & 15, f = y >> 4 & 15, g = y >> 8 & 15, h = y >> 12 & 15;
    return mat((a * e + b * g) & 15, (a * f + b * h) & 15, (c * e + d * g) & 15,
               (c * f + d * h) & 15);
}

int main(void)
{
    int i, n = B * PER * THREADS;
    int off = n > 6 ? 5 : 1;                  /* starts at phase 1 of block 1 (or 0) */
    int cnt = n - off - 1;                    /* and stops short of the end */

    upc_forall (i = 0; i < n; i++; &src[i])
        src[i] = i + 1;
    upc_barrier;

    upc_all_reduceL(&result, &src[off], UPC_ADD, cnt, B, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        /* sum of off+1 .. off+cnt */
        long want = (long)cnt * (2L * off + cnt + 1) / 2;
        printf("reduce of a sub-range: %s\n", result == want ? "ok" : "WRONG");
    }
    upc_barrier;

    upc_all_reduceL(&result, &src[off], UPC_FUNC, cnt, B, mmax,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("user max: %s\n", result == off + cnt ? "ok" : "WRONG");
    upc_barrier;

    upc_all_prefix_reduceL(&pre[off], &src[off], UPC_ADD, cnt, B, NULL,
                           UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_forall (i = off; i < off + cnt; i++; &pre[i]) {
        long k = i - off + 1;                 /* elements summed */
        long want = k * (2L * off + k + 1) / 2;
        if (pre[i] != want)
            printf("thread %d: prefix[%d] = %ld, want %ld\n", MYTHREAD, i, pre[i], want);
    }
    upc_barrier;

    /* non-commutative: the product of the matrices in index order */
    upc_forall (i = 0; i < n; i++; &src[i])
        src[i] = (i % 3 == 0) ? mat(1, 1, 0, 1) : (i % 3 == 1) ? mat(1, 0, 1, 1)
                                                               : mat(0, 1, 1, 0);
    upc_barrier;
    upc_all_reduceL(&mres, src, UPC_NONCOMM_FUNC, n, B, mmul,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        long p = mat(1, 0, 0, 1);
        for (i = 0; i < n; i++)
            p = mmul(p, src[i]);
        printf("non-commutative product in order: %s\n", mres == p ? "ok" : "WRONG");
    }

    /* broadcast from a [] array on thread 0, gather to the last thread */
    if (MYTHREAD == 0) {
        for (i = 0; i < 8; i++) bsrc[i] = 10 * i;
        gathered = (shared [] char *)upc_alloc(2 * THREADS);
    }
    upc_all_broadcast(bdst, bsrc, 8 * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < 8; i++)
        if (bdst[8 * MYTHREAD + i] != 10 * i)
            printf("thread %d: broadcast %d\n", MYTHREAD, i);
    gath[2 * MYTHREAD] = (char)('A' + MYTHREAD % 26);
    gath[2 * MYTHREAD + 1] = (char)('a' + MYTHREAD % 26);
    upc_all_gather(gathered, gath, 2, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == THREADS - 1) {          /* the last thread checks */
        int ok = 1;
        for (i = 0; i < THREADS; i++)
            ok &= gathered[2 * i] == 'A' + i % 26 && gathered[2 * i + 1] == 'a' + i % 26;
        gather_ok = ok;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("gather to thread 0's buffer: %s\n", gather_ok ? "ok" : "WRONG");
        upc_free(gathered);
    }
    return 0;
}
