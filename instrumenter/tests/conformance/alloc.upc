/* Dynamic allocation: upc_all_alloc (same pointer everywhere, blocked layout),
 * upc_global_alloc by one thread used by all, upc_alloc (local to the caller), upc_free
 * and upc_all_free, null results for empty requests, freed memory is reused,
 * upc_affinitysize of allocations. */
#define CONF_FEATURE "alloc"
#include "conf.h"

// expect-stdout: alloc: all_alloc, global_alloc, alloc and free checked

#define NB 10
shared [NB] int *shared published;
shared [] int *shared locals[THREADS];
shared void *shared seen_all[THREADS];

int main(void)
{
    long T = THREADS, me = MYTHREAD;

    /* upc_all_alloc: one block of NB ints per thread, the same pointer everywhere. */
    {
        shared [NB] int *a = (shared [NB] int *)upc_all_alloc(THREADS, NB * sizeof(int));
        CHECK(a != NULL);
        CHECK_EQ(upc_threadof(a), 0);
        CHECK_EQ(upc_phaseof(a), 0);
        seen_all[MYTHREAD] = a;
        for (long i = 0; i < NB * T; i++) {
            CHECK_EQI(upc_threadof(&a[i]), (i / NB) % T, i);
            CHECK_EQI(upc_phaseof(&a[i]), i % NB, i);
        }
        for (int k = 0; k < NB; k++)
            a[me * NB + k] = (int)(me * NB + k);
        upc_barrier;
        for (long t = 0; t < T; t++)
            CHECK_EQI(seen_all[t] == (shared void *)a, 1, t);
        for (long i = 0; i < NB * T; i++)
            CHECK_EQI(a[i], i, i);
        /* the local part is a C array */
        int *l = (int *)&a[me * NB];
        for (int k = 0; k < NB; k++)
            CHECK_EQI(l[k], me * NB + k, k);
        upc_barrier;
        upc_all_free(a);
    }

    /* More blocks than threads wrap around; fewer leave threads empty. */
    {
        long nb = 2 * T + 1;
        shared [3] double *w = (shared [3] double *)upc_all_alloc(nb, 3 * sizeof(double));
        CHECK(w != NULL);
        for (long t = 0; t < T; t++) {
            long want = 0;
            for (long j = 0; j < nb; j++)
                if (j % T == t)
                    want += 3 * sizeof(double);
            CHECK_EQI(upc_affinitysize(nb * 3 * sizeof(double), 3 * sizeof(double), t), want, t);
        }
        for (long i = 0; i < 3 * nb; i++)
            if (upc_threadof(&w[i]) == MYTHREAD)
                w[i] = i + 0.5;
        upc_barrier;
        for (long i = 0; i < 3 * nb; i++)
            CHECK(w[i] == i + 0.5);
        upc_barrier;
        if (MYTHREAD == T - 1)
            upc_free(w); /* any single thread may free it */
        upc_barrier;
    }

    /* upc_global_alloc by thread 0 only, published through a shared pointer. */
    if (MYTHREAD == 0) {
        published = (shared [NB] int *)upc_global_alloc(2 * THREADS, NB * sizeof(int));
        CHECK(published != NULL);
        CHECK_EQ(upc_threadof(published), 0);
    }
    upc_barrier;
    {
        shared [NB] int *g = published;
        for (long i = 0; i < 2 * NB * T; i++)
            if ((long)upc_threadof(&g[i]) == me)
                g[i] = (int)(3 * i);
        upc_barrier;
        for (long i = 0; i < 2 * NB * T; i++) {
            CHECK_EQI(g[i], 3 * i, i);
            CHECK_EQI(upc_threadof(&g[i]), (i / NB) % T, i);
        }
        upc_barrier;
        if (MYTHREAD == 0)
            upc_free(g);
    }
    /* Every thread calls upc_global_alloc: different objects. */
    {
        shared [4] char *mine = (shared [4] char *)upc_global_alloc(THREADS, 4);
        CHECK(mine != NULL);
        seen_all[MYTHREAD] = mine;
        upc_barrier;
        for (long t = 0; t < T; t++)
            if (t != me)
                CHECK_EQI(seen_all[t] != (shared void *)mine, 1, t);
        upc_barrier;
        upc_free(mine);
    }

    /* upc_alloc: local to the caller; another thread writes into it. */
    {
        shared [] int *loc = (shared [] int *)upc_alloc(NB * sizeof(int));
        CHECK(loc != NULL);
        CHECK_EQ(upc_threadof(loc), MYTHREAD);
        CHECK_EQ(upc_phaseof(loc), 0);
        locals[MYTHREAD] = loc;
        upc_barrier;
        {
            shared [] int *right = locals[(me + 1) % T];
            for (int k = 0; k < NB; k++)
                right[k] = (int)(me * 100 + k);
        }
        upc_barrier;
        {
            int *l = (int *)loc;
            long from = (me + T - 1) % T;
            for (int k = 0; k < NB; k++)
                CHECK_EQI(l[k], from * 100 + k, k);
        }
        upc_barrier;
        /* the left neighbour frees what this thread allocated */
        upc_free(locals[(me + 1) % T]);
    }
    upc_barrier;

    /* Empty requests give the null pointer-to-shared. */
    CHECK(upc_alloc(0) == NULL);
    CHECK(upc_global_alloc(0, 16) == NULL);
    CHECK(upc_global_alloc(4, 0) == NULL);
    {
        shared void *z = upc_all_alloc(0, 8);
        CHECK(z == NULL);
    }
    upc_free(NULL);
    upc_all_free(NULL);

    /* Freed memory is reused: far more than any heap in total, one at a time. */
    for (int r = 0; r < 400; r++) {
        shared [] char *big = (shared [] char *)upc_alloc(1 << 20);
        if (big == NULL) {
            CHECK_EQI(big != NULL, 1, r);
            break;
        }
        big[0] = (char)r;
        big[(1 << 20) - 1] = (char)r;
        CHECK_EQI(big[(1 << 20) - 1], (char)r, r);
        upc_free(big);
    }
    for (int r = 0; r < 100; r++) {
        shared void *b = upc_all_alloc(THREADS, 1 << 20);
        if (b == NULL) {
            CHECK_EQI(b != NULL, 1, r);
            break;
        }
        upc_barrier;
        upc_all_free(b);
    }
    if (MYTHREAD == 0)
        printf("alloc: all_alloc, global_alloc, alloc and free checked\n");
    return conf_finish();
}
