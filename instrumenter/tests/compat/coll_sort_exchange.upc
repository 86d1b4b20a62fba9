/* Sorting and all-to-all data movement with the collectives library:
 * upc_all_sort (collectives 1.0) of a blocked array of records with a
 * comparison function over pointers-to-shared, then upc_all_exchange used
 * as a matrix transpose, upc_all_permute driven by a shared permutation and
 * upc_all_gather_all to give every thread the whole result. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define PER 9
#define N (PER * THREADS)
#define MAXT 8   /* the most threads this test runs with */

typedef struct {
    int key;
    int origin;
} rec_t;

shared [PER] rec_t recs[N];
shared [MAXT] int xin[MAXT * THREADS];
shared [MAXT] int xout[MAXT * THREADS];
shared int perm[THREADS];
shared [2] long psrc[2 * THREADS];
shared [2] long pdst[2 * THREADS];
shared [2] long all_in[2 * THREADS];
shared int bad[THREADS];

static int
by_key(shared void *a, shared void *b)
{
    shared rec_t *x = (shared rec_t *) a, *y = (shared rec_t *) b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return 0;
}

int
main(void)
{
    int i, j, e = 0;
    shared [MAXT * 2] long *ga;

    if (THREADS > MAXT) {
        if (MYTHREAD == 0)
            printf("this test runs with at most %d threads\n", MAXT);
        return 0;
    }
    for (i = 0; i < PER; i++) {
        int g = MYTHREAD * PER + i;
        recs[g].key = (g * 37 + 11) % (N + 3);
        recs[g].origin = g;
    }
    upc_barrier;
    upc_all_sort(recs, sizeof(rec_t), N, PER, by_key, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = MYTHREAD * PER; i < (MYTHREAD + 1) * PER; i++)
        if (i > 0 && recs[i - 1].key > recs[i].key)
            e++;

    /* exchange: xin[t][u] goes to xout[u][t] */
    for (j = 0; j < THREADS; j++)
        xin[MYTHREAD * MAXT + j] = 100 * MYTHREAD + j;
    upc_all_exchange(xout, xin, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (j = 0; j < THREADS; j++)
        if (xout[MYTHREAD * MAXT + j] != 100 * j + MYTHREAD)
            e++;

    /* permute: a rotation by one */
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    psrc[2 * MYTHREAD] = MYTHREAD;
    psrc[2 * MYTHREAD + 1] = -MYTHREAD;
    upc_all_permute(pdst, psrc, perm, 2 * sizeof(long), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    {
        int from = (MYTHREAD + THREADS - 1) % THREADS;
        if (pdst[2 * MYTHREAD] != from || pdst[2 * MYTHREAD + 1] != -from)
            e++;
    }

    /* gather_all into a blocked array with one block per thread of size 2*THREADS */
    ga = (shared [MAXT * 2] long *) upc_all_alloc(THREADS, 2 * MAXT * sizeof(long));
    for (i = 0; i < 2; i++)
        all_in[2 * MYTHREAD + i] = 10 * MYTHREAD + i;
    upc_all_gather_all(ga, all_in, 2 * sizeof(long), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < 2 * THREADS; i++)
        if (ga[MYTHREAD * 2 * MAXT + i] != 10 * (i / 2) + i % 2)
            e++;
    bad[MYTHREAD] = e;
    upc_barrier;

    if (MYTHREAD == 0) {
        int tot = 0, perm_ok = 1, seen;
        for (i = 0; i < THREADS; i++)
            tot += bad[i];
        /* the sort kept every record: the origins form a permutation */
        for (i = 0; i < N; i++) {
            seen = 0;
            for (j = 0; j < N; j++)
                seen += recs[j].origin == i;
            perm_ok &= seen == 1;
        }
        for (i = 1; i < N; i++)
            if (recs[i - 1].key > recs[i].key)
                tot++;
        printf("sorted %d records: %s, every record kept: %s\n", N / THREADS * 1 == PER ? PER : -1,
               tot ? "NO" : "yes", perm_ok ? "yes" : "NO");
        printf("exchange, permute, gather_all: %d errors\n", tot);
        upc_free(ga);
    }
    return 0;
}
