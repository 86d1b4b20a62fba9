/* upc_threadof, upc_phaseof, upc_addrfield, upc_resetphase and upc_affinitysize
   on arrays of several block sizes, compared with the layout formulas. */
#include <upc.h>
#include <stdio.h>

#define B 3
#define N (4*B)

shared [B] int arr[N*THREADS];
shared int cyc[N*THREADS];
shared [] double indef[N];
shared int errs[THREADS];

int main(void)
{
    int i, e = 0;
    size_t base = upc_addrfield(&arr[0]);

    for (i = 0; i < N*THREADS; i++) {
        shared [B] int *p = &arr[i];
        size_t thr = (i / B) % THREADS, ph = i % B, blk = i / (B * THREADS);
        if (upc_threadof(p) != thr) e++;
        if (upc_phaseof(p) != ph) e++;
        if (upc_addrfield(p) - base != (blk * B + ph) * sizeof(int)) e++;
        {
            shared [B] int *r = (shared [B] int *) upc_resetphase(p);
            if (upc_phaseof(r) != 0 || upc_threadof(r) != thr || upc_addrfield(r) != upc_addrfield(p))
                e++;
        }
        if (upc_threadof(&cyc[i]) != (size_t) (i % THREADS) || upc_phaseof(&cyc[i]) != 0)
            e++;
    }
    for (i = 0; i < N; i++)
        if (upc_threadof(&indef[i]) != 0 || upc_phaseof(&indef[i]) != 0
            || upc_addrfield(&indef[i]) - upc_addrfield(&indef[0]) != i * sizeof(double))
            e++;

    /* upc_affinitysize(totalsize, nbytes, threadid): bytes of an allocation of
       totalsize bytes in blocks of nbytes that live on threadid */
    {
        size_t total = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            total += upc_affinitysize(1000, 64, t);
        if (total != 1000) e++;
        if (upc_affinitysize(1000, 64, 0) < 64 && THREADS < 16) e++;
        if (upc_affinitysize(10, 0, 0) != 10) e++;
    }
    errs[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, sum = 0;
        for (t = 0; t < THREADS; t++)
            sum += errs[t];
        printf("threadof/phaseof/addrfield/resetphase/affinitysize: %d mismatches\n", sum);
    }
    return 0;
}
