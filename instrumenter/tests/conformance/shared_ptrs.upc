/* Shared pointers to shared (`shared int *shared p`), arrays of pointers-to-shared
 * (private and shared), a directory of per-thread allocations, pointers-to-shared in
 * structs, arithmetic on a pointer read from shared memory. */
#define CONF_FEATURE "shared_ptrs"
#include "conf.h"

// expect-stdout: shared_ptrs: directory of THREADS blocks read by every thread

#define N 8
shared int data[N * THREADS];
shared [N] int blocks[N * THREADS];
shared int *shared sp;                      /* on thread 0, points anywhere */
shared [N] int *shared bp;
shared [] int *shared dir[THREADS];         /* one entry per thread */
shared int *shared ring[THREADS];
struct holder { shared int *p; int n; };
shared struct holder holders[THREADS];

int main(void)
{
    long T = THREADS, me = MYTHREAD;

    CHECK_EQ(upc_threadof(&sp), 0);
    CHECK_EQ(upc_threadof(&dir[T - 1]), T - 1);
    for (long i = me; i < N * T; i += T)
        data[i] = (int)(10 * i);
    for (long k = 0; k < N; k++)
        blocks[me * N + k] = (int)(me * 100 + k);
    if (MYTHREAD == 0) {
        sp = &data[3];
        bp = &blocks[0];
    }
    upc_barrier;

    /* Everyone reads the shared pointers and steps from them. */
    CHECK(sp == &data[3]);
    CHECK_EQ(*sp, 30);
    CHECK_EQ(sp[T], 10 * (3 + T));
    CHECK_EQ(*(sp + 2), 50);
    CHECK_EQ(upc_threadof(sp + 1), 4 % T);
    for (long i = 0; i < N * T; i++)
        CHECK_EQI(bp[i], (i / N) * 100 + i % N, i);
    upc_barrier;
    /* Thread T-1 moves the shared pointer; everyone sees the new value. */
    if (MYTHREAD == THREADS - 1) {
        sp += 4;
        bp = bp + N * (T - 1) + 1;
    }
    upc_barrier;
    CHECK(sp == &data[7]);
    CHECK_EQ(*sp, 70);
    CHECK(bp == &blocks[N * (T - 1) + 1]);
    CHECK_EQ(upc_threadof(bp), T - 1);
    CHECK_EQ(upc_phaseof(bp), 1);
    CHECK_EQ(*bp, (T - 1) * 100 + 1);
    upc_barrier;

    /* A directory: every thread allocates locally and publishes; all read all. */
    {
        shared [] int *mine = (shared [] int *)upc_alloc(N * sizeof(int));
        CHECK(mine != NULL);
        CHECK_EQ(upc_threadof(mine), MYTHREAD);
        for (long k = 0; k < N; k++)
            mine[k] = (int)(me * 1000 + k);
        dir[MYTHREAD] = mine;
        upc_barrier;
        for (long t = 0; t < T; t++) {
            CHECK_EQI(upc_threadof(dir[t]), t, t);
            for (long k = 0; k < N; k++)
                CHECK_EQI(dir[t][k], t * 1000 + k, t * 100 + k);
            shared [] int *q = dir[t];
            CHECK_EQI(q[N - 1], t * 1000 + N - 1, t);
        }
        upc_barrier;
        /* Each thread adds 1 to the first element of its right neighbour's block. */
        dir[(me + 1) % T][0] += 1;
        upc_barrier;
        CHECK_EQ(mine[0], me * 1000 + 1);
        upc_barrier;
        upc_free(mine);
    }
    if (MYTHREAD == 0)
        printf("shared_ptrs: directory of THREADS blocks read by every thread\n");

    /* A shared array of pointers into a cyclic array, and pointers inside structs. */
    ring[MYTHREAD] = &data[(me + 1) % T];
    holders[MYTHREAD].p = &data[me];
    holders[MYTHREAD].n = (int)me;
    upc_barrier;
    for (long t = 0; t < T; t++) {
        CHECK_EQI(*ring[t], 10 * ((t + 1) % T), t);
        CHECK_EQI(upc_threadof(ring[t]), (t + 1) % T, t);
        shared int *p = holders[t].p;
        CHECK_EQI(*p, 10 * t, t);
        CHECK_EQI(*holders[t].p, 10 * t, t);
        CHECK_EQI(holders[t].p[T], 10 * (t + T), t);
        CHECK_EQI(holders[t].n, t, t);
    }

    /* A private array of pointers-to-shared. */
    {
        shared int *ptrs[N];
        for (int k = 0; k < N; k++)
            ptrs[k] = &data[k * T + me];
        for (int k = 0; k < N; k++) {
            CHECK_EQI(upc_threadof(ptrs[k]), me, k);
            CHECK_EQI(*ptrs[k], 10 * (k * T + me), k);
            CHECK_EQI(ptrs[k] - ptrs[0], k * T, k);
        }
    }
    return conf_finish();
}
