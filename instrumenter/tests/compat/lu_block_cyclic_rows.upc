/*
 * LU decomposition without pivoting of a diagonally dominant matrix whose
 * rows are distributed block-cyclically: blocks of B rows dealt to the
 * threads in turn (`shared [B*N] double *`, from upc_all_alloc with N/B
 * blocks).  At step k every thread fetches the pivot row with upc_memget and
 * eliminates below it in the rows it owns; the owner of a row is found with
 * upc_threadof.  Thread 0 checks L*U against the matrix and prints the
 * determinant.  The same operations happen on every element whatever the
 * thread count.
 */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#define N 24
#define B 2

typedef shared [B * N] double *bcmat_t;

static double a0(int i, int j)
{
    return i == j ? 4.0 * N : 1.0 / (1 + i + 2 * j) + ((i * 7 + j * 3) % 5) * 0.25;
}

int main(void)
{
    bcmat_t A = (bcmat_t)upc_all_alloc(N / B, B * N * sizeof(double));
    double pivot[N];
    int i, j, k;

    upc_forall (i = 0; i < N; i++; &A[i * N])
        for (j = 0; j < N; j++)
            A[i * N + j] = a0(i, j);
    upc_barrier;

    for (k = 0; k < N - 1; k++) {
        upc_memget(pivot, &A[k * N], N * sizeof(double));
        upc_forall (i = k + 1; i < N; i++; &A[i * N]) {
            /* my row, through a pointer-to-local */
            double *row = (double *)&A[i * N];
            double l = row[k] / pivot[k];
            row[k] = l;
            for (j = k + 1; j < N; j++)
                row[j] -= l * pivot[j];
        }
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        double det = 1, err = 0;
        int owners_ok = 1;
        for (i = 0; i < N; i++) {
            det *= A[i * N + i];
            owners_ok &= (int)upc_threadof(&A[i * N]) == (i / B) % THREADS;
        }
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                double s = 0;
                int m = i < j ? i : j;
                for (k = 0; k <= m; k++)
                    s += (k == i ? 1.0 : A[i * N + k]) * A[k * N + j];
                if (fabs(s - a0(i, j)) > err)
                    err = fabs(s - a0(i, j));
            }
        printf("N %d, blocks of %d rows\n", N, B);
        printf("owners block-cyclic: %s\n", owners_ok ? "yes" : "no");
        printf("log10 det %.10f\n", log10(det));
        printf("U[N-1][N-1] %.10f\n", A[(N - 1) * N + N - 1]);
        printf("max |LU - A| below 1e-9: %s\n", err < 1e-9 ? "yes" : "no");
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(A);
    return 0;
}
