/* C99 variable-length arrays of private data in a UPC program: each thread copies its
 * rows of a shared matrix (whose width is a run-time value) into a VLA, works on it through
 * functions with VLA parameters (`double m[rows][cols]`), uses sizeof on VLAs and a
 * pointer to a VLA row type over malloc'ed memory, then writes the result back. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXC 16
shared [MAXC] double M[4 * THREADS][MAXC]; /* 4 rows per thread, cols used <= MAXC */
shared double rowsums[4 * THREADS];

static void scale(int rows, int cols, double m[rows][cols], double f)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            m[i][j] *= f;
}

static double trace_like(int n, int cols, const double m[n][cols])
{
    double s = 0;
    for (int i = 0; i < n && i < cols; i++)
        s += m[i][i];
    return s;
}

static void transpose_into(int r, int c, double (*restrict dst)[r],
                           double (*restrict src)[c])
{
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++)
            dst[j][i] = src[i][j];
}

int main(int argc, char **argv)
{
    int cols = argc > 1 ? atoi(argv[1]) : 10; /* a run-time width */
    int rows = 4;
    if (cols > MAXC)
        cols = MAXC;
    upc_forall (int i = 0; i < 4 * THREADS; i++; &M[i][0])
        for (int j = 0; j < MAXC; j++)
            M[i][j] = i + j * 0.5;
    upc_barrier;

    double mine[rows][cols]; /* a VLA */
    int first = 4 * MYTHREAD;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            mine[i][j] = M[first + i][j];
    scale(rows, cols, mine, 2.0);
    double tr = trace_like(rows, cols, mine);

    double (*t)[rows] = malloc(sizeof(double[cols][rows])); /* pointer to a VLA row type */
    transpose_into(rows, cols, t, mine);
    int ok = sizeof mine == rows * cols * sizeof(double) && sizeof t[0] == rows * sizeof(double);
    for (int i = 0; i < rows; i++) {
        double s = 0;
        for (int j = 0; j < cols; j++)
            s += t[j][i];
        rowsums[first + i] = s;
    }
    free(t);
    upc_barrier;
    if (MYTHREAD == 0) {
        double all = 0;
        for (int i = 0; i < 4 * THREADS; i++)
            all += rowsums[i];
        /* sum over rows i and cols j of 2(i + j/2) */
        double want = 0;
        for (int i = 0; i < 4 * THREADS; i++)
            for (int j = 0; j < cols; j++)
                want += 2 * (i + j * 0.5);
        printf("cols %d: sums %s, trace of thread 0 %.1f, sizes %s\n", cols,
               all == want ? "ok" : "WRONG", tr, ok ? "ok" : "WRONG");
    }
    return 0;
}
