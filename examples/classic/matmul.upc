/* upc-check-test
 * expect: clean
 * threads: 2 4
 * stdout: matmul: OK
 */
/* Matrix multiply C = A x B: rows of A and C are distributed by blocks of whole rows,
 * B is replicated in every thread's private memory; upc_forall gives each thread its rows. */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] double A[N * THREADS][N];
shared [N] double C[N * THREADS][N];
double B[N][N];

int main(void)
{
    int i, j, k, errors = 0;

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            B[i][j] = (i == j) ? 2.0 : 0.0;        /* B = 2 I */
    upc_forall (i = 0; i < N * THREADS; i++; &A[i][0])
        for (j = 0; j < N; j++)
            A[i][j] = i + j;
    upc_barrier;

    upc_forall (i = 0; i < N * THREADS; i++; &C[i][0])
        for (j = 0; j < N; j++) {
            double s = 0.0;
            for (k = 0; k < N; k++)
                s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    upc_barrier;

    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            for (j = 0; j < N; j++)
                if (C[i][j] != 2.0 * (i + j)) errors++;
        printf("matmul: %s (%d x %d)\n", errors ? "FAILED" : "OK", N * THREADS, N);
    }
    return 0;
}
