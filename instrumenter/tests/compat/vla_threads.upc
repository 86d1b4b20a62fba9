/* Private variable-length arrays sized by THREADS, which dynamic-THREADS
 * codes use for per-thread bookkeeping: a VLA of counts, a 2-D VLA filled
 * from shared memory with upc_memget, VLA parameters (int n, double m[n][n])
 * and sizeof of a VLA, next to shared arrays whose size has THREADS once. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define K 5

shared [K] int contrib[K * THREADS];
shared [K] double mat[K * THREADS];
shared int bad[THREADS];

static double
trace(int n, double m[n][n])
{
    double t = 0;
    int i;
    for (i = 0; i < n; i++)
        t += m[i][i];
    return t;
}

static void
column_sums(int rows, int cols, const int v[rows][cols], long out[cols])
{
    int r, c;
    for (c = 0; c < cols; c++)
        out[c] = 0;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            out[c] += v[r][c];
}

int
main(void)
{
    int nt = THREADS, e = 0, t, i;
    int counts[THREADS];
    int all[THREADS][K];
    long sums[K];
    size_t vla_bytes = sizeof counts;

    for (i = 0; i < K; i++)
        contrib[MYTHREAD * K + i] = MYTHREAD + i;
    for (i = 0; i < K; i++)
        mat[MYTHREAD * K + i] = (double) (MYTHREAD * K + i);
    upc_barrier;

    memset(counts, 0, sizeof counts);
    for (t = 0; t < nt; t++) {
        upc_memget(all[t], &contrib[t * K], sizeof all[t]);
        counts[t] = all[t][K - 1];
    }
    column_sums(nt, K, (const int (*)[K]) all, sums);
    for (i = 0; i < K; i++)
        if (sums[i] != (long) nt * (nt - 1) / 2 + (long) nt * i)
            e++;
    for (t = 0; t < nt; t++)
        if (counts[t] != t + K - 1)
            e++;
    if (vla_bytes != THREADS * sizeof(int))
        e++;

    /* a square VLA of side min(THREADS, K) copied out of the blocked matrix */
    {
        int n = nt < K ? nt : K, r, c;
        double sq[n][n];
        for (r = 0; r < n; r++)
            for (c = 0; c < n; c++)
                sq[r][c] = mat[r * K + c];
        if (trace(n, sq) != (double) n * (n - 1) / 2 * (K + 1))
            e++;
        if (sizeof sq != (size_t) n * n * sizeof(double))
            e++;
    }
    bad[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int tot = 0;
        for (t = 0; t < THREADS; t++)
            tot += bad[t];
        printf("VLAs sized by THREADS: %d errors\n", tot);
    }
    return 0;
}
