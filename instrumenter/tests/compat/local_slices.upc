/* local_slices.upc -- the UPC 1.3 local-slice rule in use (a thread's
 * elements of a blocked array are contiguous in its local memory, with no
 * padding between its blocks), the way optimized codes exploit it: one
 * pointer-to-local per thread over all of its blocks, upc_memget/upc_memput
 * of a thread's whole slice, upc_all_alloc'd arrays walked the same way, and
 * the slice of the last thread when the array does not divide evenly
 * (static THREADS only in C, so here with upc_all_alloc). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define B 2
#define NB 5                           /* blocks per thread */

shared [B] int a[B * NB * THREADS];
shared [B] long sums[B * THREADS];

int main(void)
{
    int i, me = MYTHREAD;
    int *mine = (int *)&a[B * me];     /* my first block; my other blocks follow it */
    long s = 0;
    shared [3] double *d;
    double *dl;
    size_t nd = 3 * 4 * THREADS + 2;   /* a partial last block */

    for (i = 0; i < B * NB; i++)
        mine[i] = 1000 * me + i;       /* local index i: global block me + (i/B)*THREADS */
    upc_barrier;

    /* check through global indices */
    upc_forall (i = 0; i < B * NB * THREADS; i++; &a[i]) {
        int blk = i / B, local = (blk / THREADS) * B + i % B;
        if (a[i] != 1000 * me + local)
            printf("thread %d: a[%d] = %d\n", me, i, a[i]);
    }

    /* my neighbour's whole slice in one upc_memget: its elements are contiguous */
    {
        int other = (me + 1) % THREADS;
        int buf[B * NB];
        upc_memget(buf, &a[B * other], sizeof buf);
        for (i = 0; i < B * NB; i++)
            s += buf[i] - 1000 * other;
        sums[B * me] = s;                      /* 0 + 1 + ... + 9 = 45 */
        sums[B * me + 1] = buf[B * NB - 1];
    }

    /* an upc_all_alloc'd array: every thread's blocks are contiguous too */
    d = (shared [3] double *)upc_all_alloc((nd + 2) / 3, 3 * sizeof(double));
    {
        size_t mycount = upc_affinitysize(nd * sizeof(double), 3 * sizeof(double), me)
                         / sizeof(double);
        dl = (double *)(d + 3 * me);
        for (i = 0; i < (int)mycount; i++)
            dl[i] = me + i / 100.0;
        upc_barrier;
        if (me == 0) {
            double t = 0;
            size_t k;
            for (k = 0; k < nd; k++)
                t += d[k];
            /* 4*THREADS+1 blocks: thread 0 holds 5 (the last one of 2 elements), so 14
             * elements (0 + i/100, sum 0.91); thread t > 0 holds 12 (12t + 0.66) */
            printf("sum of owners - 6T(T-1) - 0.66(T-1) = %.2f\n",
                   t - 6.0 * THREADS * (THREADS - 1) - 0.66 * (THREADS - 1));
        }
    }
    upc_barrier;
    if (me == 0) {
        long tot = 0;
        for (i = 0; i < THREADS; i++)
            tot += sums[B * i] + (sums[B * i + 1] % 1000);
        printf("slice sums ok: %d\n", tot == (long)THREADS * (45 + 9));
        upc_free(d);
    }
    return 0;
}
