/* The relocalization collectives: scatter, gather, gather_all, exchange, permute,
   and upc_all_prefix_reduceI, with shared arrays declared the way the spec's
   examples declare them. */
#include <upc_strict.h>
#include <upc_collective.h>
#include <stdio.h>

#define NELEMS 4

shared [] int scatter_src[NELEMS*8];                   /* on thread 0, room for 8 threads */
shared [NELEMS] int scatter_dst[NELEMS*THREADS];
shared [NELEMS] int gather_src[NELEMS*THREADS];
shared [] int gather_dst[NELEMS*8];
shared int *gall_dst;                                   /* NELEMS*THREADS per thread */
shared int *ex_src, *ex_dst;
shared [NELEMS] int perm_src[NELEMS*THREADS], perm_dst[NELEMS*THREADS];
shared int perm[THREADS];
shared [2] int pre_src[2*THREADS], pre_dst[2*THREADS];
shared int bad[THREADS];

int main(void)
{
    int i, t, errs = 0;
    upc_flag_t f = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;

    /* scatter */
    if (MYTHREAD == 0)
        for (i = 0; i < NELEMS*THREADS; i++)
            scatter_src[i] = i;
    upc_all_scatter(scatter_dst, scatter_src, NELEMS*sizeof(int), f);
    for (i = 0; i < NELEMS; i++)
        if (scatter_dst[MYTHREAD*NELEMS + i] != MYTHREAD*NELEMS + i)
            errs++;

    /* gather */
    for (i = 0; i < NELEMS; i++)
        gather_src[MYTHREAD*NELEMS + i] = 10*MYTHREAD + i;
    upc_all_gather(gather_dst, gather_src, NELEMS*sizeof(int), f);
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < NELEMS; i++)
                if (gather_dst[t*NELEMS + i] != 10*t + i)
                    errs++;

    /* gather_all: dst needs NELEMS*THREADS ints on every thread */
    gall_dst = (shared int *) upc_all_alloc(THREADS, NELEMS*THREADS*sizeof(int));
    upc_all_gather_all(gall_dst, gather_src, NELEMS*sizeof(int), f);
    {
        int *mine = (int *) (gall_dst + MYTHREAD);
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < NELEMS; i++)
                if (mine[t*NELEMS + i] != 10*t + i)
                    errs++;
    }

    /* exchange: block j of thread i goes to block i of thread j */
    ex_src = (shared int *) upc_all_alloc(THREADS*THREADS, NELEMS*sizeof(int));
    ex_dst = (shared int *) upc_all_alloc(THREADS*THREADS, NELEMS*sizeof(int));
    {
        int *mine = (int *) (ex_src + MYTHREAD);
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < NELEMS; i++)
                mine[t*NELEMS + i] = 1000*MYTHREAD + 10*t + i;
    }
    upc_all_exchange(ex_dst, ex_src, NELEMS*sizeof(int), f);
    {
        int *mine = (int *) (ex_dst + MYTHREAD);
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < NELEMS; i++)
                if (mine[t*NELEMS + i] != 1000*t + 10*MYTHREAD + i)
                    errs++;
    }

    /* permute: reverse order */
    perm[MYTHREAD] = THREADS - 1 - MYTHREAD;
    for (i = 0; i < NELEMS; i++)
        perm_src[MYTHREAD*NELEMS + i] = MYTHREAD;
    upc_all_permute(perm_dst, perm_src, perm, NELEMS*sizeof(int), f);
    for (i = 0; i < NELEMS; i++)
        if (perm_dst[MYTHREAD*NELEMS + i] != THREADS - 1 - MYTHREAD)
            errs++;

    /* prefix reduction */
    pre_src[2*MYTHREAD] = 1;
    pre_src[2*MYTHREAD + 1] = 2;
    upc_all_prefix_reduceI(pre_dst, pre_src, UPC_ADD, 2*THREADS, 2, NULL, f);
    for (i = 0; i < 2; i++)
        if (pre_dst[2*MYTHREAD + i] != 3*MYTHREAD + 1 + 2*i)
            errs++;

    bad[MYTHREAD] = errs;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (t = 0; t < THREADS; t++)
            total += bad[t];
        printf("relocalization collectives: %s\n", total ? "FAILED" : "PASSED");
    }
    upc_barrier;
    upc_all_free(gall_dst);
    upc_all_free(ex_src);
    upc_all_free(ex_dst);
    return 0;
}
