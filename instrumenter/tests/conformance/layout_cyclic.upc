/* Layout of cyclic (block size 1) shared arrays: thread = i % THREADS, phase 0,
 * local index i / THREADS, for several element types; data written by the owner is
 * read back by every thread. */
#define CONF_FEATURE "layout_cyclic"
#include "conf.h"

// expect-stdout: layout_cyclic: blocksizeof=1 elemsizeof(int)=4 localsizeof(ci)=28

#define K 7
shared int ci[K * THREADS];
shared double cd[THREADS * 3];
shared char cc[(5) * THREADS];
struct triple { int a, b, c; };
shared struct triple cs[2 * THREADS];

int main(void)
{
    long T = THREADS;
    long long a0;

    a0 = upc_addrfield(&ci[0]);
    for (long i = 0; i < K * T; i++)
        conf_check_elem(__LINE__, "ci", &ci[i], i, 1, sizeof(int), 0, a0);
    a0 = upc_addrfield(&cd[0]);
    for (long i = 0; i < 3 * T; i++)
        conf_check_elem(__LINE__, "cd", &cd[i], i, 1, sizeof(double), 0, a0);
    a0 = upc_addrfield(&cc[0]);
    for (long i = 0; i < 5 * T; i++)
        conf_check_elem(__LINE__, "cc", &cc[i], i, 1, 1, 0, a0);
    a0 = upc_addrfield(&cs[0]);
    for (long i = 0; i < 2 * T; i++)
        conf_check_elem(__LINE__, "cs", &cs[i], i, 1, sizeof(struct triple), 0, a0);

    /* The array itself: phase 0, thread 0. */
    CHECK_EQ(upc_phaseof(&ci), 0);
    CHECK_EQ(upc_threadof(&ci), 0);
    CHECK_EQ(upc_blocksizeof(ci), 1);
    CHECK_EQ(upc_elemsizeof(ci), sizeof(int));
    CHECK_EQ(upc_localsizeof(ci), K * sizeof(int));
    CHECK_EQ(sizeof(ci), K * T * sizeof(int));
    CHECK_EQ(sizeof(cd) / sizeof(cd[0]), 3 * T);
    for (long t = 0; t < T; t++)
        CHECK_EQI(upc_affinitysize(sizeof(ci), upc_blocksizeof(ci) * upc_elemsizeof(ci), t),
                  K * sizeof(int), t);

    /* Owners write their elements, everyone checks everything. */
    for (long i = 0; i < K * T; i++)
        if (i % T == MYTHREAD)
            ci[i] = (int)(1000 * i + 7);
    for (long i = MYTHREAD; i < 3 * T; i += T)
        cd[i] = i * 0.5;
    for (long i = MYTHREAD; i < 5 * T; i += T)
        cc[i] = (char)('a' + i % 26);
    cs[MYTHREAD].a = MYTHREAD;
    cs[MYTHREAD].b = -MYTHREAD;
    cs[MYTHREAD + T].c = 3 * MYTHREAD;
    upc_barrier;
    for (long i = 0; i < K * T; i++)
        CHECK_EQI(ci[i], 1000 * i + 7, i);
    for (long i = 0; i < 3 * T; i++)
        CHECK(cd[i] == i * 0.5);
    for (long i = 0; i < 5 * T; i++)
        CHECK_EQI(cc[i], 'a' + i % 26, i);
    for (long t = 0; t < T; t++) {
        CHECK_EQI(cs[t].a, t, t);
        CHECK_EQI(cs[t].b, -t, t);
        CHECK_EQI(cs[t + T].c, 3 * t, t);
    }
    if (MYTHREAD == 0)
        printf("layout_cyclic: blocksizeof=%d elemsizeof(int)=%d localsizeof(ci)=%d\n",
               (int)upc_blocksizeof(ci), (int)upc_elemsizeof(ci), (int)upc_localsizeof(ci));
    return conf_finish();
}
