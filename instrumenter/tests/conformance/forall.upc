/* upc_forall: integer affinity (mod THREADS), pointer affinity, continue and omitted
 * affinity, declarations in the first clause, `continue` in the body, nested loops
 * (only the outermost loop with an affinity controls, also through a function call),
 * side effects of the affinity expression on every thread. */
#define CONF_FEATURE "forall"
#include "conf.h"

// expect-stdout: forall: 120 iterations, each run by exactly one thread

#define N 120
shared int who[N * THREADS];
shared [5] double blk[5 * THREADS];
shared int count[THREADS];
shared [4] int owner4[4 * THREADS];
shared int hits[N * THREADS];

static int aff_evals;
static int inner_runs;

static int note(int i)
{
    aff_evals++;
    return i;
}

/* A forall inside a function called from a controlling forall: not controlling. */
static void inner_loop(int outer)
{
    upc_forall (int j = 0; j < 7; j++; j) {
        inner_runs++;
        (void)outer;
    }
}

int main(void)
{
    long T = THREADS, me = MYTHREAD;
    int mine;

    /* Integer affinity: iteration i on thread i % THREADS. */
    mine = 0;
    upc_forall (int i = 0; i < N; i++; i) {
        who[i] = (int)MYTHREAD;
        mine++;
    }
    upc_barrier;
    for (int i = 0; i < N; i++)
        CHECK_EQI(who[i], i % T, i);
    CHECK_EQ(mine, conf_count_owned(N, 1, me));

    /* Large and shifted integer affinities use the value mod THREADS. */
    mine = 0;
    {
        int i;
        upc_forall (i = 0; i < N; i++; i + 1000 * THREADS + 1) {
            CHECK_EQI((i + 1) % T, me, i);
            mine++;
        }
        CHECK_EQ(i, N);
    }
    CHECK_EQ(mine, conf_count_owned(N, 1, me));
    /* unsigned and long long affinity expressions */
    mine = 0;
    upc_forall (unsigned u = 0; u < 50u; u++; u) {
        CHECK_EQI(u % T, me, u);
        mine++;
    }
    CHECK_EQ(mine, conf_count_owned(50, 1, me));
    mine = 0;
    upc_forall (long long q = 0; q < 50; q += 2; q * 3LL) {
        CHECK_EQI((q * 3) % T, me, q);
        mine++;
    }
    {
        int want = 0;
        for (long q = 0; q < 50; q += 2)
            if ((q * 3) % T == me)
                want++;
        CHECK_EQ(mine, want);
    }

    /* Pointer affinity: the thread that owns the element. */
    mine = 0;
    upc_forall (int i = 0; i < 5 * THREADS; i++; &blk[i]) {
        CHECK_EQI(upc_threadof(&blk[i]), me, i);
        blk[i] = i * 2.0;
        mine++;
    }
    CHECK_EQ(mine, 5);
    upc_barrier;
    for (int i = 0; i < 5 * T; i++)
        CHECK(blk[i] == i * 2.0);
    /* pointer affinity through a pointer variable and a pointer expression */
    {
        shared [4] int *p = owner4;
        mine = 0;
        upc_forall (int i = 0; i < 4 * THREADS; i++; p + i) {
            p[i] = (int)MYTHREAD;
            mine++;
        }
        CHECK_EQ(mine, 4);
        upc_barrier;
        for (int i = 0; i < 4 * T; i++)
            CHECK_EQI(owner4[i], (i / 4) % T, i);
    }

    /* continue and omitted affinity: every thread runs every iteration. */
    mine = 0;
    upc_forall (int i = 0; i < N; i++; continue)
        mine++;
    CHECK_EQ(mine, N);
    mine = 0;
    upc_forall (int i = 0; i < N; i++;)
        mine++;
    CHECK_EQ(mine, N);

    /* `continue` inside the body skips to the next iteration. */
    mine = 0;
    upc_forall (int i = 0; i < N; i++; i) {
        if (i % 2)
            continue;
        mine++;
    }
    {
        int want = 0;
        for (int i = 0; i < N; i++)
            if (i % T == me && i % 2 == 0)
                want++;
        CHECK_EQ(mine, want);
    }

    /* The affinity expression is evaluated on every iteration by every thread. */
    aff_evals = 0;
    mine = 0;
    upc_forall (int i = 0; i < N; i++; note(i))
        mine++;
    CHECK_EQ(aff_evals, N);
    CHECK_EQ(mine, conf_count_owned(N, 1, me));

    /* Nested: outer controls, the inner one runs all its iterations where reached. */
    mine = 0;
    {
        int inner = 0;
        upc_forall (int i = 0; i < 10; i++; i) {
            mine++;
            upc_forall (int j = 0; j < 6; j++; j + 1)
                inner++;
        }
        CHECK_EQ(inner, 6 * mine);
        CHECK_EQ(mine, conf_count_owned(10, 1, me));
    }
    /* Nested: outer continue does not control, the inner pointer loop does. */
    {
        int inner = 0, outer = 0;
        upc_forall (int i = 0; i < 4; i++; continue) {
            outer++;
            upc_forall (int j = 0; j < 5 * THREADS; j++; &blk[j])
                inner++;
        }
        CHECK_EQ(outer, 4);
        CHECK_EQ(inner, 4 * 5);
    }
    /* Nested through a function call. */
    inner_runs = 0;
    mine = 0;
    upc_forall (int i = 0; i < 9; i++; i) {
        mine++;
        inner_loop(i);
    }
    CHECK_EQ(inner_runs, 7 * mine);
    /* After a controlling loop ended, a new loop controls again. */
    inner_runs = 0;
    inner_loop(0);
    CHECK_EQ(inner_runs, conf_count_owned(7, 1, me));

    /* Every iteration of a loop with affinity runs exactly once in total. */
    upc_forall (int i = 0; i < N; i++; (i * 7) % THREADS)
        hits[i] += 1;
    upc_barrier;
    upc_forall (int i = 0; i < N; i++; &hits[i])
        hits[i] += 10;
    upc_barrier;
    for (int i = 0; i < N; i++)
        CHECK_EQI(hits[i], 11, i);
    count[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0, ok = 1;
        for (int i = 0; i < N; i++)
            if (hits[i] != 11)
                ok = 0;
        for (int t = 0; t < THREADS; t++)
            total += count[t];
        CHECK_EQ(total, 9);
        if (ok)
            printf("forall: %d iterations, each run by exactly one thread\n", N);
    }
    return conf_finish();
}
