/*
 * A parallel prefix sum of the course-assignment kind: N integers in a
 * blocked array from upc_all_alloc (block = ceil(N / THREADS)); each thread
 * scans its block locally through a pointer-to-local, the block totals are
 * scanned across threads by recursive doubling (log2 THREADS rounds with a
 * barrier each, reading the partner's value of the previous round), and each
 * thread adds its offset.  Checked against upc_all_prefix_reduceL on the
 * block totals and against the closed form.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

shared long *data;
shared long totals[THREADS];
shared long scan[2][THREADS];
shared long ref[THREADS];

int main(void)
{
    int blk = (N + THREADS - 1) / THREADS;
    int lo = MYTHREAD * blk, hi = lo + blk > N ? N : lo + blk;
    int i, d, r = 0;
    long *mine, run = 0, offset;

    data = (shared long *)upc_all_alloc(THREADS, blk * sizeof(long));
    /* element i is on thread i / blk: this thread's block through a pointer-to-local */
    mine = (long *)(data + MYTHREAD);
    for (i = lo; i < hi; i++)
        mine[i - lo] = i + 1;

    for (i = lo; i < hi; i++) {
        run += mine[i - lo];
        mine[i - lo] = run;
    }
    totals[MYTHREAD] = run;
    scan[0][MYTHREAD] = run;
    upc_barrier;

    for (d = 1; d < THREADS; d *= 2) {
        long v = scan[r][MYTHREAD];
        if (MYTHREAD >= d)
            v += scan[r][MYTHREAD - d];
        scan[1 - r][MYTHREAD] = v;
        r = 1 - r;
        upc_barrier;
    }
    offset = scan[r][MYTHREAD] - totals[MYTHREAD];   /* exclusive */
    for (i = lo; i < hi; i++)
        mine[i - lo] += offset;

    upc_all_prefix_reduceL(ref, totals, UPC_ADD, THREADS, 1, NULL,
                           UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (ref[MYTHREAD] != scan[r][MYTHREAD])
        printf("thread %d: doubling %ld, library %ld\n", MYTHREAD, scan[r][MYTHREAD],
               ref[MYTHREAD]);
    upc_barrier;

    if (MYTHREAD == 0) {
        int bad = 0;
        for (i = 0; i < N; i++) {
            /* element i: thread i / blk, index i % blk of its block */
            long v = *((shared [] long *)(data + i / blk) + i % blk);
            if (v != (long)(i + 1) * (i + 2) / 2)
                bad++;
        }
        printf("prefix[%d] = %ld\n", 0, *(shared [] long *)data);
        printf("prefix[%d] = %ld\n", N - 1,
               *((shared [] long *)(data + (N - 1) / blk) + (N - 1) % blk));
        printf("wrong elements: %d\n", bad);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(data);
    return 0;
}
