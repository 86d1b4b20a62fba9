/* Typedefs that carry shared qualifiers and layouts, the way library-style
 * UPC code hides them: a blocked element type (typedef shared [4] int blk_t),
 * a pointer-to-shared type, a strict shared type, a typedef'd structure used
 * with a layout, and the size operators applied to typedef'd objects and
 * type names. */
#include <upc.h>
#include <stdio.h>

typedef shared [4] int blk_t;
typedef shared int *gptr_t;
typedef shared [] double *onethread_t;
typedef strict shared int sflag_t;
typedef struct { short a, b; int sum; } pair_t;
typedef shared [2] pair_t pairblk_t;
typedef int row_t[3];

blk_t arr[4 * THREADS];
pairblk_t pairs[2 * THREADS];
shared [3] row_t rows3[THREADS];        /* one row of three ints per thread */
sflag_t ready[THREADS];
gptr_t shared handles[THREADS];
shared int cyclic[4 * THREADS];
shared int nerr[THREADS];

static int
sum_block(blk_t *p)
{
    int i, s = 0;
    for (i = 0; i < 4; i++)
        s += p[i];
    return s;
}

int
main(void)
{
    int i, e = 0, t;
    onethread_t mine;

    for (i = 0; i < 4; i++) {
        arr[4 * MYTHREAD + i] = MYTHREAD * 10 + i;
        cyclic[i * THREADS + MYTHREAD] = i;
    }
    for (i = 0; i < 2; i++) {
        pair_t p = { (short) MYTHREAD, (short) i, MYTHREAD + i };
        pairs[2 * MYTHREAD + i] = p;
    }
    for (i = 0; i < 3; i++)
        rows3[MYTHREAD][i] = MYTHREAD * 3 + i;
    handles[MYTHREAD] = &cyclic[MYTHREAD];
    mine = (onethread_t) upc_alloc(2 * sizeof(double));
    mine[0] = 0.5;
    mine[1] = MYTHREAD;
    ready[MYTHREAD] = 1;
    upc_barrier;

    t = (MYTHREAD + 1) % THREADS;
    if (sum_block(&arr[4 * t]) != 40 * t + 6) e++;
    if (upc_threadof(&arr[4 * t + 3]) != (size_t) t) e++;
    if (pairs[2 * t + 1].sum != t + 1 || pairs[2 * t].a != t) e++;
    if (upc_threadof(&pairs[2 * t + 1]) != (size_t) t) e++;
    if (rows3[t][2] != 3 * t + 2) e++;
    if (*handles[t] != 0 || handles[t][THREADS] != 1) e++;
    if (!ready[t]) e++;
    if (mine[1] != MYTHREAD) e++;

    /* the size operators on typedef'd things */
    if (upc_blocksizeof(blk_t) != 4) e++;
    if (upc_blocksizeof(arr) != 4) e++;
    if (upc_blocksizeof(pairs) != 2 || upc_elemsizeof(pairs) != sizeof(pair_t)) e++;
    if (upc_elemsizeof(rows3) != sizeof(int) || upc_blocksizeof(rows3) != 3) e++;
    if (upc_localsizeof(rows3) != 3 * sizeof(int)) e++;
    if (upc_blocksizeof(*mine) != 0) e++;
    if (sizeof(gptr_t) != sizeof(shared void *)) e++;
    if (upc_localsizeof(arr) != 4 * sizeof(int)) e++;
    nerr[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int tot = 0;
        for (t = 0; t < THREADS; t++)
            tot += nerr[t];
        printf("blocksizes: blk_t %d, pairs %d, rows3 %d, indefinite %d\n",
               (int) upc_blocksizeof(blk_t), (int) upc_blocksizeof(pairs),
               (int) upc_blocksizeof(rows3), (int) upc_blocksizeof(*mine));
        printf("typedef'd shared data: %d errors\n", tot);
    }
    upc_barrier;
    upc_free(mine);
    return 0;
}
