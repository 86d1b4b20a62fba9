/* The relocalization and computational collectives of <upc_collective.h> move the right
 * bytes under each of the nine synchronization modes: broadcast, scatter, gather,
 * gather_all, exchange, permute, reduce (commutative and UPC_NONCOMM_FUNC), prefix_reduce
 * and sort, with the source and destination spread over every thread. */
#define CONF_FEATURE "collectives"
#include "conf.h"
#include <upc_collective.h>

// expect-stdout: collectives: 9 modes checked

#define NB 3 /* ints per block */
shared [NB] int src[NB * THREADS];
shared [NB] int dst[NB * THREADS];
shared [] int one[NB];                        /* on thread 0 */
shared int perm[THREADS];
shared long lsrc[5 * THREADS];
shared long lres;
shared long lpre[5 * THREADS];
shared int sorted[4 * THREADS];

static long noncomm(long a, long b) { return 2 * a + b; }
static int cmp(shared void *a, shared void *b)
{
    int x = *(shared int *)a, y = *(shared int *)b;
    return (x > y) - (x < y);
}

/* Block `t` of an allocation of THREADS blocks (upc_all_alloc): the pointer to its first int. */
static shared [] int *block_of(shared void *p, int t)
{
    return (shared [] int *)((shared char *)p + t);
}

static const upc_flag_t modes[9] = {
    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPC_IN_ALLSYNC | UPC_OUT_MYSYNC,
    UPC_IN_ALLSYNC | UPC_OUT_NOSYNC,  UPC_IN_MYSYNC | UPC_OUT_ALLSYNC,
    UPC_IN_MYSYNC | UPC_OUT_MYSYNC,   UPC_IN_MYSYNC | UPC_OUT_NOSYNC,
    UPC_IN_NOSYNC | UPC_OUT_ALLSYNC,  UPC_IN_NOSYNC | UPC_OUT_MYSYNC,
    UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
};

int main(void)
{
    int T = THREADS, me = MYTHREAD;
    /* NB * THREADS ints on thread 0; THREADS blocks of NB * THREADS ints */
    shared [] int *all0 = (shared [] int *)upc_all_alloc(1, NB * T * sizeof(int));
    shared void *ga = upc_all_alloc(T, NB * T * sizeof(int));
    shared void *ex_src = upc_all_alloc(T, NB * T * sizeof(int));
    shared void *ex_dst = upc_all_alloc(T, NB * T * sizeof(int));
    shared [] int *my_ga = block_of(ga, me), *my_ex_src = block_of(ex_src, me);
    shared [] int *my_ex_dst = block_of(ex_dst, me);
    for (int m = 0; m < 9; m++) {
        upc_flag_t f = modes[m];
        int tag = 1000 * (m + 1);
        /* the sources: written, then a barrier (NOSYNC entry needs the data ready) */
        for (int k = 0; k < NB; k++) src[me * NB + k] = tag + me * NB + k;
        if (me == 0)
            for (int i = 0; i < NB * T; i++) { all0[i] = tag + 7 * i; if (i < NB) one[i] = tag + i; }
        for (int i = 0; i < NB * T; i++) my_ex_src[i] = tag + 100 * me + i;
        perm[me] = (me + 1) % T;
        for (int i = 0; i < 5; i++) lsrc[i * T + me] = tag + i * T + me;
        for (int i = 0; i < 4; i++) sorted[i * T + me] = (37 * (i * T + me) + m) % (4 * T);
        upc_barrier;

        upc_all_broadcast(dst, one, NB * sizeof(int), f);
        upc_barrier;
        for (int k = 0; k < NB; k++) CHECK_EQI(dst[me * NB + k], tag + k, k);
        upc_barrier;

        upc_all_scatter(dst, all0, NB * sizeof(int), f);
        upc_barrier;
        for (int k = 0; k < NB; k++) CHECK_EQI(dst[me * NB + k], tag + 7 * (me * NB + k), k);
        upc_barrier;

        upc_all_gather(all0, src, NB * sizeof(int), f);
        upc_barrier;
        if (me == 0)
            for (int i = 0; i < NB * T; i++) CHECK_EQI(all0[i], tag + i, i);
        upc_barrier;

        upc_all_gather_all(ga, src, NB * sizeof(int), f);
        upc_barrier;
        for (int i = 0; i < NB * T; i++) CHECK_EQI(my_ga[i], tag + i, i);
        upc_barrier;

        upc_all_exchange(ex_dst, ex_src, NB * sizeof(int), f);
        upc_barrier;
        /* block j of thread me's dst = block me of thread j's src */
        for (int j = 0; j < T; j++)
            for (int k = 0; k < NB; k++)
                CHECK_EQI(my_ex_dst[j * NB + k], tag + 100 * j + me * NB + k, j * NB + k);
        upc_barrier;

        upc_all_permute(dst, src, perm, NB * sizeof(int), f);
        upc_barrier;
        {
            int from = (me + T - 1) % T;
            for (int k = 0; k < NB; k++) CHECK_EQI(dst[me * NB + k], tag + from * NB + k, k);
        }
        upc_barrier;

        upc_all_reduceL(&lres, lsrc, UPC_ADD, 5 * T, 1, NULL, f);
        upc_barrier;
        {
            long want = 0;
            for (int i = 0; i < 5 * T; i++) want += tag + i;
            CHECK_EQ(lres, want);
        }
        upc_barrier;

        upc_all_reduceL(&lres, lsrc, UPC_NONCOMM_FUNC, 5 * T, 1, noncomm, f);
        upc_barrier;
        {
            long want = tag;
            for (int i = 1; i < 5 * T; i++) want = 2 * want + (tag + i);
            CHECK_EQ(lres, want);
        }
        upc_barrier;

        upc_all_prefix_reduceL(lpre, lsrc, UPC_ADD, 5 * T, 1, NULL, f);
        upc_barrier;
        {
            long run = 0;
            for (int i = 0; i < 5 * T; i++) {
                run += tag + i;
                if (i % T == me) CHECK_EQI(lpre[i], run, i);
            }
        }
        upc_barrier;

        upc_all_sort(sorted, sizeof(int), 4 * T, 1, cmp, f);
        upc_barrier;
        if (me == 0)
            for (int i = 1; i < 4 * T; i++) CHECK_EQI(sorted[i - 1] <= sorted[i], 1, i);
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("collectives: 9 modes checked\n");
    return conf_finish();
}
