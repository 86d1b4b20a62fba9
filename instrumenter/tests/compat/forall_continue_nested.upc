/* upc_forall with continue, nested foralls, affinity by integer and pointer,
 * as in the Berkeley UPC test suite (test_forall*.upc style) */
#include <upc_strict.h>
#include <stdio.h>

#define N 16
#define M 5

shared int         a[N*THREADS];
shared [M] int     b[M*THREADS];
shared [N] int     grid[N*THREADS][N];
shared int         visits[THREADS];
shared int         fails;

#define FAIL(msg) do { printf("thread %d: FAIL %s (line %d)\n", MYTHREAD, msg, __LINE__); fails = 1; } while (0)

int main(void) {
    int i, j, mine = 0;

    if (MYTHREAD == 0) fails = 0;
    upc_barrier;

    /* integer affinity with continue skipping odd indices */
    upc_forall (i = 0; i < N*THREADS; i++; i) {
        if (i & 1) continue;
        a[i] = MYTHREAD + 1;
        mine++;
    }
    upc_barrier;
    for (i = 0; i < N*THREADS; i += 2)
        if (a[i] != (i % THREADS) + 1) FAIL("int affinity");

    /* pointer affinity, blocked array, counting down */
    upc_forall (i = M*THREADS - 1; i >= 0; i--; &b[i])
        b[i] = i * 2;
    upc_barrier;
    upc_forall (i = 0; i < M*THREADS; i++; &b[i])
        if (b[i] != i * 2 || upc_threadof(&b[i]) != MYTHREAD) FAIL("blocked");

    /* nested: outer continue (all threads), inner controlling */
    upc_forall (i = 0; i < N*THREADS; i++; continue)
        upc_forall (j = 0; j < N; j++; &grid[i][j])
            grid[i][j] = i + j;
    upc_barrier;

    /* nested: outer controlling, inner runs all iterations for the owner */
    upc_forall (i = 0; i < N*THREADS; i++; &grid[i][0]) {
        int s = 0;
        upc_forall (j = 0; j < N; j++; &grid[0][j]) {  /* not controlling */
            if (j == 3) continue;
            s += grid[i][j];
        }
        if (s != N*i + N*(N-1)/2 - (i + 3)) FAIL("nested sum");
        visits[MYTHREAD] += 1;
    }
    upc_barrier;

    /* empty affinity: every thread every iteration */
    {
        int cnt = 0;
        upc_forall (i = 0; i < 7; i++;) cnt++;
        if (cnt != 7) FAIL("no affinity");
    }

    /* forall with a declaration in the init clause and a comma expression step */
    {
        int k2 = 0;
        upc_forall (int k = 0; k < N*THREADS; k++, k2++; &a[k])
            if (upc_threadof(&a[k]) != MYTHREAD) FAIL("decl init");
        if (k2 != N*THREADS) FAIL("comma step");
    }

    upc_barrier;
    if (MYTHREAD == 0) {
        int t, tot = 0;
        for (t = 0; t < THREADS; t++) tot += visits[t];
        if (tot != N*THREADS) FAIL("visits");
        printf("forall_continue_nested: %s\n", fails ? "FAILED" : "PASSED");
    }
    return 0;
}
