/* Casts from pointer-to-shared to pointer-to-local for the calling thread's elements:
 * a thread's slice of an array is a plain C array indexed by the local index; writes
 * through local pointers are seen through shared accesses and vice versa. */
#define CONF_FEATURE "casts_local"
#include "conf.h"

// expect-stdout: casts_local: local slices agree with the layout

#define K 6
shared int cyc[K * THREADS];
shared [4] int blk[4 * 3 * THREADS];
shared [*] double star[5 * THREADS];
struct rec { int id; double w; char tag[4]; };
shared [2] struct rec recs[4 * THREADS];
shared [] long on0[10];

int main(void)
{
    long T = THREADS, me = MYTHREAD;

    /* Cyclic: element MYTHREAD + k*THREADS is local element k. */
    {
        int *lp = (int *)&cyc[MYTHREAD];
        for (long k = 0; k < K; k++)
            lp[k] = (int)(100 * me + k);
        upc_barrier;
        for (long i = 0; i < K * T; i++)
            CHECK_EQI(cyc[i], 100 * (i % T) + i / T, i);
        lp = (int *)&cyc[MYTHREAD];
        for (long k = 0; k < K; k++) {
            CHECK_EQI(lp[k], cyc[me + k * T], k);
            CHECK(&lp[k] == (int *)&cyc[me + k * T]);
        }
        /* Walking with a local pointer stepping by 1. */
        long k = 0;
        for (int *q = lp; q < lp + K; q++, k++)
            CHECK_EQI(*q, 100 * me + k, k);
    }
    upc_barrier;

    /* Blocked: the thread's blocks are consecutive in local memory. */
    {
        int *lp = (int *)&blk[4 * MYTHREAD];
        for (long k = 0; k < 12; k++)
            lp[k] = (int)(1000 * me + k);
        upc_barrier;
        for (long i = 0; i < 12 * T; i++) {
            long owner = (i / 4) % T, local = (i / (4 * T)) * 4 + i % 4;
            CHECK_EQI(blk[i], 1000 * owner + local, i);
        }
        for (long i = 0; i < 12 * T; i++)
            if ((long)upc_threadof(&blk[i]) == me) {
                long local = (i / (4 * T)) * 4 + i % 4;
                CHECK_EQI((int *)&blk[i] - lp, local, i);
                CHECK_EQI(((int *)&blk[i])[0], lp[local], i);
                /* addrfield differences equal local pointer differences in bytes */
                CHECK_EQI((long long)upc_addrfield(&blk[i]) -
                              (long long)upc_addrfield(&blk[4 * MYTHREAD]),
                          (long long)((char *)&blk[i] - (char *)lp), i);
            }
    }
    upc_barrier;

    /* [*]: exactly one block per thread. */
    {
        double *lp = (double *)&star[5 * MYTHREAD];
        for (long k = 0; k < 5; k++)
            lp[k] = me + k / 10.0;
        upc_barrier;
        for (long i = 0; i < 5 * T; i++)
            CHECK(star[i] == i / 5 + (i % 5) / 10.0);
    }
    upc_barrier;

    /* Structs: a local pointer to this thread's records, member by member. */
    {
        struct rec *lr = (struct rec *)&recs[2 * MYTHREAD];
        for (long k = 0; k < 4; k++) {
            lr[k].id = (int)(me * 10 + k);
            lr[k].w = k * 1.5;
            strcpy(lr[k].tag, "ab");
            lr[k].tag[2] = (char)('0' + k);
        }
        int *idp = (int *)&recs[2 * MYTHREAD].id;
        CHECK(idp == &lr[0].id);
        upc_barrier;
        for (long i = 0; i < 4 * T; i++) {
            long owner = (i / 2) % T, local = (i / (2 * T)) * 2 + i % 2;
            struct rec copy = recs[i];
            CHECK_EQI(recs[i].id, owner * 10 + local, i);
            CHECK(recs[i].w == local * 1.5);
            CHECK_EQI(copy.tag[2], '0' + local, i);
            CHECK_EQI(copy.tag[0], 'a', i);
        }
    }
    upc_barrier;

    /* Indefinite array on thread 0: thread 0 may use it through a local pointer. */
    if (MYTHREAD == 0) {
        long *lp = (long *)on0;
        for (long i = 0; i < 10; i++)
            lp[i] = -i;
    }
    upc_barrier;
    for (long i = 0; i < 10; i++)
        CHECK_EQI(on0[i], -i, i);

    /* The null pointer-to-shared converts to the null pointer. */
    {
        shared int *np = NULL;
        int *lnp = (int *)np;
        CHECK(lnp == NULL);
        CHECK_EQ(upc_threadof(np), 0);
        CHECK_EQ(upc_phaseof(np), 0);
        CHECK(np == 0);
    }
    if (MYTHREAD == 0)
        printf("casts_local: local slices agree with the layout\n");
    return conf_finish();
}
