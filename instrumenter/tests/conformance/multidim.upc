/* Multi-dimensional shared arrays: blocking counts innermost elements (rows can be
 * split across threads), typedef'd row types, pointers to shared rows. */
#define CONF_FEATURE "multidim"
#include "conf.h"

// expect-stdout: multidim: Q row 0 spans threads as its 10 ints are blocked by 3
// expect-stdout: multidim: row sums ok

typedef int R[10];
shared [2] int M[3 * THREADS][4];
shared [3] R Q[3 * THREADS];
shared double D3[2][3][4 * THREADS];
#ifdef __UPC_STATIC_THREADS__
shared [2] int M34[3][4];
#endif

static long row_sum(shared [2] int (*rows)[4], long r)
{
    long s = 0;
    for (int c = 0; c < 4; c++)
        s += rows[r][c];
    return s;
}

int main(void)
{
    long T = THREADS;
    long long a0;

    CHECK_EQ(upc_blocksizeof(Q), 3);
    CHECK_EQ(upc_elemsizeof(Q), sizeof(int));
    CHECK_EQ(upc_localsizeof(Q), 120);
    CHECK_EQ(sizeof(Q[0]), sizeof(R));

    a0 = upc_addrfield(&M[0][0]);
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 4; c++)
            conf_check_elem(__LINE__, "M", &M[r][c], r * 4 + c, 2, sizeof(int), 0, a0);
    a0 = upc_addrfield(&Q[0][0]);
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 10; c++)
            conf_check_elem(__LINE__, "Q", &Q[r][c], r * 10 + c, 3, sizeof(int), 0, a0);
    a0 = upc_addrfield(&D3[0][0][0]);
    for (long a = 0; a < 2; a++)
        for (long b = 0; b < 3; b++)
            for (long c = 0; c < 4 * T; c++)
                conf_check_elem(__LINE__, "D3", &D3[a][b][c], (a * 3 + b) * 4 * T + c, 1,
                                sizeof(double), 0, a0);
    if (T > 1) {
        CHECK_EQ(upc_threadof(&Q[0][2]), 0);
        CHECK_EQ(upc_threadof(&Q[0][3]), 1);
        CHECK_EQ(upc_threadof(&Q[0][5]), 1);
    }
#ifdef __UPC_STATIC_THREADS__
    a0 = upc_addrfield(&M34[0][0]);
    for (long r = 0; r < 3; r++)
        for (long c = 0; c < 4; c++)
            conf_check_elem(__LINE__, "M34", &M34[r][c], r * 4 + c, 2, sizeof(int), 0, a0);
#if THREADS == 3
    CHECK_EQ(upc_threadof(&M34[1][2]), 0);
    CHECK_EQ(upc_addrfield(&M34[1][2]) - a0, 2 * sizeof(int));
    CHECK_EQ(upc_threadof(&M34[2][3]), 2);
#endif
#if THREADS == 4
    CHECK_EQ(upc_threadof(&M34[2][0]), 0);
    CHECK_EQ(upc_addrfield(&M34[2][1]) - a0, 3 * sizeof(int));
#endif
#endif

    /* Fill by owner. */
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 4; c++)
            if (upc_threadof(&M[r][c]) == MYTHREAD)
                M[r][c] = (int)(r * 4 + c);
    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 10; c++)
            if (upc_threadof(&Q[r][c]) == MYTHREAD)
                Q[r][c] = (int)(r * 1000 + c);
    for (long c = MYTHREAD; c < 4 * T; c += T)
        for (long a = 0; a < 2; a++)
            for (long b = 0; b < 3; b++)
                D3[a][b][c] = a + b * 0.5 + c * 0.25;
    upc_barrier;

    for (long r = 0; r < 3 * T; r++)
        for (long c = 0; c < 10; c++)
            CHECK_EQI(Q[r][c], r * 1000 + c, r * 10 + c);
    for (long a = 0; a < 2; a++)
        for (long b = 0; b < 3; b++)
            for (long c = 0; c < 4 * T; c++)
                CHECK(D3[a][b][c] == a + b * 0.5 + c * 0.25);

    /* A pointer to a shared row steps by whole rows (4 ultimate elements). */
    {
        shared [2] int (*rows)[4] = M;
        int ok = 1;
        for (long r = 0; r < 3 * T; r++) {
            CHECK_EQI(row_sum(M, r), 16 * r + 6, r);
            CHECK_EQI(row_sum(rows, r), 16 * r + 6, r);
            CHECK((rows + r) == &M[r]);
            CHECK_EQI(upc_threadof(rows + r), upc_threadof(&M[r][0]), r);
            CHECK_EQI(upc_phaseof(rows + r), upc_phaseof(&M[r][0]), r);
            for (long c = 0; c < 4; c++) {
                CHECK(&rows[r][c] == &M[r][c]);
                CHECK_EQI((*(rows + r))[c], r * 4 + c, r * 4 + c);
                if (rows[r][c] != r * 4 + c)
                    ok = 0;
            }
        }
        if (MYTHREAD == 0 && ok)
            printf("multidim: row sums ok\n");
        /* Row stepping through the typedef'd array: &Q[r+1] - &Q[r] is one row. */
        CHECK_EQ(&Q[2] - &Q[1], 1);
        CHECK_EQ(upc_threadof(&Q[1]), upc_threadof(&Q[1][0]));
    }
    if (MYTHREAD == 0)
        printf("multidim: Q row 0 spans threads as its 10 ints are blocked by 3\n");
    return conf_finish();
}
