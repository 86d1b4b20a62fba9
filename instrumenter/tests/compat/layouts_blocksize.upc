/* Data layout with block sizes 1, k, [*] and [], multi-dimensional arrays, and
   the upc_*sizeof operators; every element's owner is checked. */
#include <upc_relaxed.h>
#include <stdio.h>

#define K 3
#define COLS 5

shared int cyclic[7*THREADS];
shared [K] int blocked[7*THREADS];
shared [*] int star[7*THREADS];
shared [] int indef[7];
shared [COLS] double rows[2*THREADS][COLS];
shared int fails[THREADS];

#define EXPECT(c) do { if (!(c)) { e++; if (e < 5) printf("T%d line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

int main(void)
{
    int i, j, e = 0;
    size_t n = 7 * THREADS;

    EXPECT(upc_blocksizeof(cyclic) == 1);
    EXPECT(upc_blocksizeof(blocked) == K);
    EXPECT(upc_blocksizeof(star) == 7);
    EXPECT(upc_blocksizeof(indef) == 0);
    EXPECT(upc_blocksizeof(rows) == COLS);
    EXPECT(upc_elemsizeof(rows) == sizeof(double));
    EXPECT(upc_localsizeof(cyclic) == 7 * sizeof(int));
    EXPECT(upc_localsizeof(star) == 7 * sizeof(int));
    EXPECT(upc_localsizeof(indef) == 7 * sizeof(int));
    EXPECT(upc_localsizeof(rows) == 2 * COLS * sizeof(double));
    EXPECT(sizeof(cyclic) == n * sizeof(int));
    EXPECT(sizeof(rows) / sizeof(rows[0]) == (size_t) 2 * THREADS);

    for (i = 0; i < (int) n; i++) {
        EXPECT(upc_threadof(&cyclic[i]) == (size_t) (i % THREADS));
        EXPECT(upc_threadof(&blocked[i]) == (size_t) ((i / K) % THREADS));
        EXPECT(upc_phaseof(&blocked[i]) == (size_t) (i % K));
        EXPECT(upc_threadof(&star[i]) == (size_t) (i / 7));
    }
    for (i = 0; i < 7; i++)
        EXPECT(upc_threadof(&indef[i]) == 0);
    for (i = 0; i < 2 * THREADS; i++)
        for (j = 0; j < COLS; j++)
            EXPECT(upc_threadof(&rows[i][j]) == (size_t) (i % THREADS));

    /* write through the owner, read back everywhere */
    upc_forall (i = 0; i < (int) n; i++; &star[i])
        star[i] = i * i;
    upc_forall (i = 0; i < 2 * THREADS; i++; &rows[i][0])
        for (j = 0; j < COLS; j++)
            rows[i][j] = i + 0.5 * j;
    upc_barrier;
    for (i = 0; i < (int) n; i++)
        EXPECT(star[i] == i * i);
    for (i = 0; i < 2 * THREADS; i++)
        EXPECT(rows[i][COLS - 1] == i + 0.5 * (COLS - 1));

    fails[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0, e = 0; i < THREADS; i++)
            e += fails[i];
        printf("layout checks: %s\n", e ? "FAILED" : "all passed");
    }
    return 0;
}
