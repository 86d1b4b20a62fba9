/* upc_forall in the forms tutorials and benchmarks use on 2-D data: an outer
 * loop with affinity &a[i][0] over rows blocked one per thread, an inner
 * upc_forall with "continue" affinity (nested: the inner loop runs every
 * iteration), affinity by an integer expression, by a pointer-to-shared
 * expression, continue and break inside the body, a forall whose index is
 * declared in the loop, and a forall over a pointer with a computed stride. */
#include <upc.h>
#include <stdio.h>

#define COLS 10
#define RPT 2                   /* rows per thread */

shared [COLS] double a[RPT * THREADS][COLS];
shared [COLS] double b[RPT * THREADS][COLS];
shared int visits[THREADS];
shared int wrong[THREADS];
shared [3] long tri[3 * THREADS];

int
main(void)
{
    int i, j, n = RPT * THREADS, e = 0, v = 0;

    /* outer by row, inner nested with continue affinity: all columns */
    upc_forall (i = 0; i < n; i++; &a[i][0]) {
        upc_forall (j = 0; j < COLS; j++; continue) {
            a[i][j] = i * COLS + j;
            v++;
        }
    }
    upc_barrier;

    /* element-wise affinity on a 2-D array; skip the diagonal; stop a row at a negative */
    upc_forall (i = 0; i < n; i++; &b[i][0]) {
        for (j = 0; j < COLS; j++) {
            if (j == i % COLS) {
                b[i][j] = 0;
                continue;
            }
            b[i][j] = 2 * a[i][j];
            if (a[i][j] < 0)
                break;
        }
    }
    upc_barrier;

    /* integer affinity: row i belongs to thread i / RPT when counted by rows,
       but the layout gives row i to thread i % THREADS; the loop follows the
       integer, so the writes go to remote rows */
    upc_forall (i = 0; i < n; i++; i / RPT) {
        if (a[i][COLS - 1] != i * COLS + COLS - 1)
            e++;
    }

    /* affinity through a pointer expression, index declared in the loop */
    upc_forall (int k = 0; k < 3 * THREADS; k++; tri + k)
        tri[k] = (long) k * (k + 1) / 2;
    upc_barrier;
    upc_forall (int k = 0; k < 3 * THREADS; k += 2; &tri[k]) {
        if (tri[k] != (long) k * (k + 1) / 2)
            e++;
        if (k + 1 < 3 * THREADS && tri[k + 1] - tri[k] != k + 1)
            e++;
    }

    for (i = 0; i < n; i++)
        for (j = 0; j < COLS; j++) {
            double want = (j == i % COLS) ? 0 : 2.0 * (i * COLS + j);
            if (b[i][j] != want)
                e++;
        }
    visits[MYTHREAD] = v;
    wrong[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, tv = 0, te = 0;
        for (t = 0; t < THREADS; t++) {
            tv += visits[t];
            te += wrong[t];
        }
        printf("inner iterations per thread: %d (RPT*COLS = %d)\n", tv / THREADS, RPT * COLS);
        printf("b[1][3] = %.0f, b[1][1] = %.0f, errors: %d\n", b[1][3], b[1][1], te);
        printf("last triangular number %s\n",
               tri[3 * THREADS - 1] == (long) (3 * THREADS - 1) * (3 * THREADS) / 2 ? "ok" : "WRONG");
    }
    return 0;
}
