/* Matrix multiplication as in the GWU UPC book (El-Ghazawi et al., ch. 2 and
 * 5): A and C are distributed by blocks of whole rows with the block size
 * N*P/THREADS, B by blocks of columns M/THREADS, the work is divided with
 * upc_forall over the affinity of &c[i][0], and the second version first copies
 * B to a private b_local with one upc_memget per (row, thread) block, as the
 * book does, plus the columns the book's division leaves over. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 8
#define P 8
#define M 8

shared [N*P/THREADS] int a[N][P], c[N][M];
shared [M/THREADS] int b[P][M];

int b_local[P][M];

static void reset(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &c[i][0])
        for (j = 0; j < M; j++)
            c[i][j] = 0;
}

static long checksum(void)
{
    long s = 0;
    int i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < M; j++)
            s += (long)c[i][j] * (i + 2 * j + 1);
    return s;
}

int main(void)
{
    int i, j, l, t;
    long s1, s2;

    upc_forall (i = 0; i < N; i++; &a[i][0])
        for (j = 0; j < P; j++)
            a[i][j] = i + j;
    upc_forall (j = 0; j < P * M; j++; &b[0][j])
        (&b[0][0])[j] = (j / M) - (j % M) + 3;
    upc_barrier;

    /* version 1: remote reads of b */
    upc_forall (i = 0; i < N; i++; &c[i][0])
        for (j = 0; j < M; j++) {
            c[i][j] = 0;
            for (l = 0; l < P; l++)
                c[i][j] += a[i][l] * b[l][j];
        }
    upc_barrier;
    s1 = MYTHREAD == 0 ? checksum() : 0;
    upc_barrier;
    reset();
    upc_barrier;

    /* version 2: b copied to b_local first */
    for (i = 0; i < P; i++) {
        for (t = 0; t < THREADS; t++)
            upc_memget(&b_local[i][t * (M / THREADS)], &b[i][t * (M / THREADS)],
                       (M / THREADS) * sizeof(int));
        for (j = THREADS * (M / THREADS); j < M; j++)
            b_local[i][j] = b[i][j];
    }
    upc_forall (i = 0; i < N; i++; &c[i][0])
        for (j = 0; j < M; j++) {
            int sum = 0;
            for (l = 0; l < P; l++)
                sum += a[i][l] * b_local[l][j];
            c[i][j] = sum;
        }
    upc_barrier;
    if (MYTHREAD == 0) {
        s2 = checksum();
        printf("c[0][0] = %d, c[%d][%d] = %d\n", c[0][0], N - 1, M - 1, c[N - 1][M - 1]);
        printf("checksum remote reads %ld, local copy %ld: %s\n", s1, s2,
               s1 == s2 ? "agree" : "DIFFER");
    }
    return 0;
}
