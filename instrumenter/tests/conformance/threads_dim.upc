/* THREADS in one dimension (leading, middle or last) of multi-dimensional shared
 * arrays: row-major linear index, then the layout formula; sizeof is a run-time value
 * in the dynamic environment. */
#define CONF_FEATURE "threads_dim"
#include "conf.h"

// expect-stdout: threads_dim: m1 column t lives on thread t

shared int m1[4][THREADS];
shared [2] int m2[THREADS][3];
shared int m3[THREADS][2][3];
shared [3] long m4[2][THREADS * 2][3];
shared [*] int m5[3][THREADS];
#ifdef __UPC_STATIC_THREADS__
shared int ms[THREADS][THREADS];
shared [THREADS] int mb[THREADS][THREADS];
#endif

int main(void)
{
    long T = THREADS;
    long long a0;

    CHECK_EQ(sizeof(m1), 4 * T * sizeof(int));
    CHECK_EQ(sizeof(m1[0]), T * sizeof(int));
    CHECK_EQ(sizeof(m4), 2 * 2 * T * 3 * sizeof(long));
    CHECK_EQ(sizeof(m4[1]) / sizeof(m4[1][0]), 2 * T);
    CHECK_EQ(upc_blocksizeof(m5), 3);

    a0 = upc_addrfield(&m1[0][0]);
    for (long r = 0; r < 4; r++)
        for (long c = 0; c < T; c++) {
            conf_check_elem(__LINE__, "m1", &m1[r][c], r * T + c, 1, sizeof(int), 0, a0);
            CHECK_EQI(upc_threadof(&m1[r][c]), c, r * T + c);
        }
    a0 = upc_addrfield(&m2[0][0]);
    for (long r = 0; r < T; r++)
        for (long c = 0; c < 3; c++)
            conf_check_elem(__LINE__, "m2", &m2[r][c], r * 3 + c, 2, sizeof(int), 0, a0);
    a0 = upc_addrfield(&m3[0][0][0]);
    for (long r = 0; r < T; r++)
        for (long a = 0; a < 2; a++)
            for (long b = 0; b < 3; b++)
                conf_check_elem(__LINE__, "m3", &m3[r][a][b], (r * 2 + a) * 3 + b, 1,
                                sizeof(int), 0, a0);
    a0 = upc_addrfield(&m4[0][0][0]);
    for (long x = 0; x < 2; x++)
        for (long y = 0; y < 2 * T; y++)
            for (long z = 0; z < 3; z++)
                conf_check_elem(__LINE__, "m4", &m4[x][y][z], (x * 2 * T + y) * 3 + z, 3,
                                sizeof(long), 0, a0);
    a0 = upc_addrfield(&m5[0][0]);
    for (long r = 0; r < 3; r++)
        for (long c = 0; c < T; c++)
            conf_check_elem(__LINE__, "m5", &m5[r][c], r * T + c, 3, sizeof(int), 0, a0);
#ifdef __UPC_STATIC_THREADS__
    a0 = upc_addrfield(&ms[0][0]);
    for (long r = 0; r < T; r++)
        for (long c = 0; c < T; c++)
            conf_check_elem(__LINE__, "ms", &ms[r][c], r * T + c, 1, sizeof(int), 0, a0);
    for (long r = 0; r < T; r++)
        for (long c = 0; c < T; c++)
            CHECK_EQI(upc_threadof(&mb[r][c]), r, r * T + c);
    mb[MYTHREAD][0] = MYTHREAD + 1;
#endif

    /* Each thread writes its column of m1 (all local), and the elements of m4 it owns. */
    for (long r = 0; r < 4; r++)
        m1[r][MYTHREAD] = (int)(r * 100 + MYTHREAD);
    for (long x = 0; x < 2; x++)
        for (long y = 0; y < 2 * T; y++)
            for (long z = 0; z < 3; z++)
                if (upc_threadof(&m4[x][y][z]) == MYTHREAD)
                    m4[x][y][z] = x * 10000 + y * 10 + z;
    upc_barrier;
    for (long r = 0; r < 4; r++)
        for (long c = 0; c < T; c++)
            CHECK_EQI(m1[r][c], r * 100 + c, r * T + c);
    for (long x = 0; x < 2; x++)
        for (long y = 0; y < 2 * T; y++)
            for (long z = 0; z < 3; z++)
                CHECK_EQI(m4[x][y][z], x * 10000 + y * 10 + z, (x * 2 * T + y) * 3 + z);
#ifdef __UPC_STATIC_THREADS__
    for (long r = 0; r < T; r++)
        CHECK_EQI(mb[r][0], r + 1, r);
#endif
    if (MYTHREAD == 0)
        printf("threads_dim: m1 column t lives on thread t\n");
    return conf_finish();
}
