/* The UPC collectives library exercised the way the GWU collective test
 * programs do: every operation, several sync-flag combinations. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NELEMS 4

shared [NELEMS] int src[NELEMS*THREADS];
shared [NELEMS] int dst[NELEMS*THREADS];
shared [] int root_src[NELEMS];
shared [] int gathered[NELEMS*THREADS];
shared [NELEMS*THREADS] int all_dst[THREADS][NELEMS*THREADS];
shared [NELEMS*THREADS] int exch_src[THREADS][NELEMS*THREADS];
shared [NELEMS*THREADS] int exch_dst[THREADS][NELEMS*THREADS];
shared int perm[THREADS];
shared long rsum;
shared double dvals[5*THREADS];
shared double dmax;
shared [NELEMS] long pre_in[NELEMS*THREADS];
shared [NELEMS] long pre_out[NELEMS*THREADS];
shared int errors;

static signed long long_add(long a, long b) { return a + b; }

#define E(cond) do { if (!(cond)) { errors++; printf("T%d line %d\n", MYTHREAD, __LINE__); } } while (0)

int main()
{
    int i, j;
    upc_flag_t sync = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;

    if (MYTHREAD == 0) {
        for (i = 0; i < NELEMS; i++) root_src[i] = 100 + i;
        errors = 0;
    }
    for (i = 0; i < NELEMS; i++) {
        src[MYTHREAD*NELEMS + i] = MYTHREAD*NELEMS + i;
        pre_in[MYTHREAD*NELEMS + i] = 1;
    }
    for (i = 0; i < NELEMS*THREADS; i++) exch_src[MYTHREAD][i] = MYTHREAD * 1000 + i;
    for (i = 0; i < 5; i++) dvals[i*THREADS + MYTHREAD] = MYTHREAD + i * 0.5;
    perm[MYTHREAD] = THREADS - 1 - MYTHREAD;

    upc_all_broadcast(dst, root_src, NELEMS * sizeof(int), sync);
    for (i = 0; i < NELEMS; i++) E(dst[MYTHREAD*NELEMS + i] == 100 + i);

    upc_all_gather(gathered, src, NELEMS * sizeof(int), UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 0; i < NELEMS*THREADS; i++) E(gathered[i] == i);

    upc_all_scatter(dst, gathered, NELEMS * sizeof(int), sync);
    for (i = 0; i < NELEMS; i++) E(dst[MYTHREAD*NELEMS + i] == MYTHREAD*NELEMS + i);

    upc_all_gather_all(all_dst, src, NELEMS * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    upc_barrier;
    for (i = 0; i < NELEMS*THREADS; i++) E(all_dst[MYTHREAD][i] == i);

    upc_all_exchange(exch_dst, exch_src, NELEMS * sizeof(int), sync);
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < NELEMS; j++)
            E(exch_dst[MYTHREAD][i*NELEMS + j] == i * 1000 + MYTHREAD*NELEMS + j);

    upc_all_permute(dst, src, perm, NELEMS * sizeof(int), sync);
    for (i = 0; i < NELEMS; i++)
        E(dst[MYTHREAD*NELEMS + i] == (THREADS - 1 - MYTHREAD)*NELEMS + i);

    upc_all_reduceL(&rsum, pre_in, UPC_ADD, NELEMS*THREADS, NELEMS, NULL, sync);
    if (MYTHREAD == 0) E(rsum == NELEMS*THREADS);
    upc_all_reduceD(&dmax, dvals, UPC_MAX, 5*THREADS, 1, NULL, sync);
    E(dmax == THREADS - 1 + 2.0);

    upc_all_prefix_reduceL(pre_out, pre_in, UPC_FUNC, NELEMS*THREADS, NELEMS, long_add, sync);
    for (i = 0; i < NELEMS; i++) E(pre_out[MYTHREAD*NELEMS + i] == MYTHREAD*NELEMS + i + 1);

    upc_all_reduceL(&rsum, pre_out, UPC_NONCOMM_FUNC, NELEMS*THREADS, NELEMS, long_add, sync);
    {
        long n = NELEMS*THREADS;
        E(rsum == n * (n + 1) / 2);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("coll_all_kinds: %d errors\n", errors);
    return 0;
}
