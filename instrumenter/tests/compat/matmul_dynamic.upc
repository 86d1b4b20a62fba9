/*
 * matmul_dynamic.upc: square matrix multiply with matrices from upc_all_alloc,
 * row-cyclic distribution, the B matrix read remotely.  Size from the command line.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

typedef shared [] double *row_t;

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 16;
    int i, j, k;
    shared double *A, *B, *C;        /* element (i,j) at [i*n + j]: block size 1, cyclic */
    static shared int bad[THREADS];

    A = (shared double *) upc_all_alloc(n * n, sizeof(double));
    B = (shared double *) upc_all_alloc(n * n, sizeof(double));
    C = (shared double *) upc_all_alloc(n * n, sizeof(double));

    upc_forall (i = 0; i < n * n; i++; &A[i]) {
        A[i] = (i / n == i % n) ? 2.0 : 0.0;          /* 2 * identity */
        B[i] = (double) (i / n) - (double) (i % n);
    }
    upc_barrier;

    upc_forall (i = 0; i < n; i++; i) {              /* row i on thread i % THREADS */
        for (j = 0; j < n; j++) {
            double sum = 0.0;
            for (k = 0; k < n; k++)
                sum += A[i*n + k] * B[k*n + j];
            C[i*n + j] = sum;
        }
    }
    upc_barrier;

    bad[MYTHREAD] = 0;
    upc_forall (i = 0; i < n * n; i++; &C[i])
        if (C[i] != 2.0 * ((double) (i / n) - (double) (i % n)))
            bad[MYTHREAD]++;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, total = 0;
        for (t = 0; t < THREADS; t++)
            total += bad[t];
        printf("n=%d: %s\n", n, total ? "FAILED" : "PASSED");
        upc_free(A);
        upc_free(B);
        upc_free(C);
    }
    return 0;
}
