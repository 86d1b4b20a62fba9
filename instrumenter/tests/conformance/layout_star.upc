/* Layout of [*] arrays: the block size is ceil(elements / THREADS), so every thread
 * holds at most one block. */
#define CONF_FEATURE "layout_star"
#include "conf.h"

// expect-stdout: layout_star: blocksizeof s5=5 s6=6 localsizeof(s5)=20

shared [*] int s5[5 * THREADS];
shared [*] double s6[THREADS * 3][2];
shared [*] char s7[7 * THREADS];
#ifdef __UPC_STATIC_THREADS__
shared [*] int c10[10];
shared [*] int c9[9];
#endif

int main(void)
{
    long T = THREADS;
    long long a0;

    CHECK_EQ(upc_blocksizeof(s5), 5);
    CHECK_EQ(upc_blocksizeof(s6), 6);
    CHECK_EQ(upc_blocksizeof(s7), 7);
    CHECK_EQ(upc_localsizeof(s5), 5 * sizeof(int));
    CHECK_EQ(upc_localsizeof(s6), 6 * sizeof(double));
    CHECK_EQ(upc_elemsizeof(s6), sizeof(double));

    a0 = upc_addrfield(&s5[0]);
    for (long i = 0; i < 5 * T; i++)
        conf_check_elem(__LINE__, "s5", &s5[i], i, 5, sizeof(int), 0, a0);
    a0 = upc_addrfield(&s6[0][0]);
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 2; c++)
            conf_check_elem(__LINE__, "s6", &s6[r][c], r * 2 + c, 6, sizeof(double), 0, a0);
    a0 = upc_addrfield(&s7[0]);
    for (long i = 0; i < 7 * T; i++)
        conf_check_elem(__LINE__, "s7", &s7[i], i, 7, 1, 0, a0);
    /* Exactly one block per thread. */
    for (long t = 0; t < T; t++)
        CHECK_EQI(upc_affinitysize(sizeof(s5), 5 * sizeof(int), t), 5 * sizeof(int), t);

#ifdef __UPC_STATIC_THREADS__
    {
        long B10 = (10 + T - 1) / T, B9 = (9 + T - 1) / T;
        CHECK_EQ(upc_blocksizeof(c10), B10);
        CHECK_EQ(upc_blocksizeof(c9), B9);
        a0 = upc_addrfield(&c10[0]);
        for (long i = 0; i < 10; i++)
            conf_check_elem(__LINE__, "c10", &c10[i], i, B10, sizeof(int), 0, a0);
        a0 = upc_addrfield(&c9[0]);
        for (long i = 0; i < 9; i++)
            conf_check_elem(__LINE__, "c9", &c9[i], i, B9, sizeof(int), 0, a0);
        /* No thread holds more than one block; trailing threads may hold none. */
        for (long t = 0; t < T; t++) {
            size_t part = upc_affinitysize(sizeof(c9), B9 * sizeof(int), t);
            CHECK(part <= B9 * sizeof(int));
            CHECK_EQI(part, conf_count_owned(9, B9, t) * sizeof(int), t);
        }
#if THREADS == 4
        CHECK_EQ(B9, 3);
        CHECK_EQ(upc_affinitysize(36, 12, 3), 0);
#endif
        for (long i = 0; i < 10; i++)
            if ((i / B10) % T == MYTHREAD)
                c10[i] = (int)(3 * i);
        upc_barrier;
        for (long i = 0; i < 10; i++)
            CHECK_EQI(c10[i], 3 * i, i);
    }
#endif

    for (long i = 0; i < 5 * T; i++)
        if (i / 5 == MYTHREAD)
            s5[i] = (int)(i + 100);
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 2; c++)
            if ((r * 2 + c) / 6 == MYTHREAD)
                s6[r][c] = r - c * 0.5;
    for (long i = 0; i < 7 * T; i++)
        if (upc_threadof(&s7[i]) == MYTHREAD)
            s7[i] = (char)(i % 128);
    upc_barrier;
    for (long i = 0; i < 5 * T; i++)
        CHECK_EQI(s5[i], i + 100, i);
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 2; c++)
            CHECK(s6[r][c] == r - c * 0.5);
    for (long i = 0; i < 7 * T; i++)
        CHECK_EQI(s7[i], i % 128, i);
    if (MYTHREAD == 0)
        printf("layout_star: blocksizeof s5=%d s6=%d localsizeof(s5)=%d\n",
               (int)upc_blocksizeof(s5), (int)upc_blocksizeof(s6), (int)upc_localsizeof(s5));
    return conf_finish();
}
