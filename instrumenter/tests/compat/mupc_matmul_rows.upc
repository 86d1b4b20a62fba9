/* Matrix multiplication as UPC tutorials write it for a fixed thread count:
 * A is distributed by contiguous row blocks (shared [N*N/THREADS]), B is
 * replicated by a copy into private memory row by row with upc_memget, C
 * takes A's layout, the loops use upc_forall with &c[i][j] and &a[i][0] as
 * affinity, and THREADS appears in constant expressions and #if.
 * Compiled with -T (the layouts need THREADS at compile time). */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 24

#if THREADS > N
#error "more threads than rows"
#endif

shared [N*N/THREADS] int a[N][N];
shared [N*N/THREADS] int c[N][N];
shared [N] int b[N][N];
shared int rowsum_ok[THREADS];

int b_local[N][N];
int owned_rows[THREADS];

int
main(void)
{
    int i, j, k;

    /* initialize A and B by their owners */
    upc_forall (i = 0; i < N; i++; &a[i][0])
        for (j = 0; j < N; j++)
            a[i][j] = (i + j) % 5 - 2;
    upc_forall (i = 0; i < N; i++; &b[i][0])
        for (j = 0; j < N; j++)
            b[i][j] = (i == j) + (j == (i + 1) % N);
    upc_barrier;

    /* every thread takes a private copy of B */
    for (i = 0; i < N; i++)
        upc_memget(b_local[i], &b[i][0], N * sizeof(int));

    /* C = A x B, each element computed where it lives */
    upc_forall (i = 0; i < N; i++; &c[i][0]) {
        for (j = 0; j < N; j++) {
            int s = 0;
            for (k = 0; k < N; k++)
                s += a[i][k] * b_local[k][j];
            c[i][j] = s;
        }
    }
    /* who owns which rows (first element of the row) */
    for (i = 0; i < N; i++)
        owned_rows[upc_threadof(&a[i][0])]++;
    upc_barrier;

    /* each thread checks its own elements element-wise */
    {
        int ok = 1;
        upc_forall (i = 0; i < N; i++; &c[i][0])
            for (j = 0; j < N; j++)
                ok &= c[i][j] == a[i][j] + a[i][(j + N - 1) % N];
        rowsum_ok[MYTHREAD] = ok;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int t, ok = 1;
        long trace = 0;
        for (t = 0; t < THREADS; t++)
            ok &= rowsum_ok[t];
        for (i = 0; i < N; i++)
            trace += c[i][i];
        printf("C = A x B is %s; trace(C) = %ld\n", ok ? "correct" : "WRONG", trace);
        printf("block size is N*N/THREADS: %s; rows starting on thread 0: %s\n",
               upc_blocksizeof(a) == N * N / THREADS ? "yes" : "no",
               owned_rows[0] == (N * N / THREADS + N - 1) / N
                   || owned_rows[0] == N * N / THREADS / N + 1 ? "as the layout says" : "??");
        printf("upc_localsizeof(c) = %d blocks of %d ints\n",
               (int) (upc_localsizeof(c) / sizeof(int) / (N * N / THREADS)), N * N / THREADS);
    }
    return 0;
}
