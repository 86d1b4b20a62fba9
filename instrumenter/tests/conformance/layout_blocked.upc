/* Layout of blocked shared arrays: thread = (i/B) % THREADS, phase = i % B,
 * local index (i / (B*THREADS))*B + i % B, for block sizes 2, 3, 4, 5 and 16 and
 * arrays whose length is not a multiple of B*THREADS. */
#define CONF_FEATURE "layout_blocked"
#include "conf.h"

// expect-stdout: layout_blocked: blocksizeof b3=3 b4=4 b16=16 localsizeof(b3)=48

shared [3] int b3[10 * THREADS];
shared [4] double b4[3 * THREADS];
shared [2] short b2[THREADS * 5];
shared [5] char b5[7 * THREADS];
shared [16] long b16[THREADS];
#ifdef __UPC_STATIC_THREADS__
/* The worked examples of the layout chapter (only legal with static THREADS). */
shared [3] int A10[10];
shared [3] int A24[24];
#endif

#define CHECK_LAYOUT(arr, n, B)                                                             \
    do {                                                                                    \
        long long a0_ = upc_addrfield(&arr[0]);                                              \
        for (long i_ = 0; i_ < (long)(n); i_++)                                             \
            conf_check_elem(__LINE__, #arr, &arr[i_], i_, B, sizeof(arr[0]), 0, a0_);       \
    } while (0)

int main(void)
{
    long T = THREADS;

    CHECK_LAYOUT(b3, 10 * T, 3);
    CHECK_LAYOUT(b4, 3 * T, 4);
    CHECK_LAYOUT(b2, 5 * T, 2);
    CHECK_LAYOUT(b5, 7 * T, 5);
    CHECK_LAYOUT(b16, T, 16);
    CHECK_EQ(upc_blocksizeof(b3), 3);
    CHECK_EQ(upc_blocksizeof(b4), 4);
    CHECK_EQ(upc_blocksizeof(b16), 16);
    CHECK_EQ(upc_elemsizeof(b4), sizeof(double));
    CHECK_EQ(upc_phaseof(&b3), 0);

    /* upc_localsizeof is an upper bound of every thread's slice. */
    for (long t = 0; t < T; t++) {
        size_t part = upc_affinitysize(sizeof(b3), 3 * sizeof(int), t);
        CHECK_EQI(part, conf_count_owned(10 * T, 3, t) * sizeof(int), t);
        CHECK(part <= upc_localsizeof(b3));
        part = upc_affinitysize(sizeof(b16), 16 * sizeof(long), t);
        CHECK_EQI(part, conf_count_owned(T, 16, t) * sizeof(long), t);
        CHECK(part <= upc_localsizeof(b16));
    }

#ifdef __UPC_STATIC_THREADS__
    CHECK_LAYOUT(A10, 10, 3);
    CHECK_LAYOUT(A24, 24, 3);
#if THREADS == 3
    /* Slices 16, 12, 12 bytes; thread 0 holds A0 A1 A2 A9. */
    CHECK_EQ(upc_affinitysize(40, 12, 0), 16);
    CHECK_EQ(upc_affinitysize(40, 12, 1), 12);
    CHECK_EQ(upc_affinitysize(40, 12, 2), 12);
    CHECK_EQ(upc_threadof(&A10[9]), 0);
    CHECK_EQ(upc_addrfield(&A10[9]) - upc_addrfield(&A10[0]), 3 * sizeof(int));
#endif
#if THREADS == 4
    CHECK_EQ(upc_affinitysize(40, 12, 3), 4);
    CHECK_EQ(upc_threadof(&A24[15]), 1);
    CHECK_EQ(upc_addrfield(&A24[15]) - upc_addrfield(&A24[3]), 3 * sizeof(int));
#endif
#endif

    /* Owners fill their elements; every thread reads all. */
    for (long i = 0; i < 10 * T; i++)
        if ((i / 3) % T == MYTHREAD)
            b3[i] = (int)(i * i);
    for (long i = 0; i < 3 * T; i++)
        if ((i / 4) % T == MYTHREAD)
            b4[i] = i + 0.25;
    for (long i = 0; i < 5 * T; i++)
        if ((i / 2) % T == MYTHREAD)
            b2[i] = (short)(-i);
    for (long i = 0; i < 7 * T; i++)
        if ((i / 5) % T == MYTHREAD)
            b5[i] = (char)(i % 100);
    for (long i = 0; i < T; i++)
        if ((i / 16) % T == MYTHREAD)
            b16[i] = 1L << (i % 40);
    upc_barrier;
    for (long i = 0; i < 10 * T; i++)
        CHECK_EQI(b3[i], i * i, i);
    for (long i = 0; i < 3 * T; i++)
        CHECK(b4[i] == i + 0.25);
    for (long i = 0; i < 5 * T; i++)
        CHECK_EQI(b2[i], -i, i);
    for (long i = 0; i < 7 * T; i++)
        CHECK_EQI(b5[i], i % 100, i);
    for (long i = 0; i < T; i++)
        CHECK_EQI(b16[i], 1L << (i % 40), i);
    if (MYTHREAD == 0)
        printf("layout_blocked: blocksizeof b3=%d b4=%d b16=%d localsizeof(b3)=%d\n",
               (int)upc_blocksizeof(b3), (int)upc_blocksizeof(b4), (int)upc_blocksizeof(b16),
               (int)upc_localsizeof(b3));
    return conf_finish();
}
