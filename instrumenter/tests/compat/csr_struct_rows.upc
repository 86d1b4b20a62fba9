/* csr_struct_rows.upc -- sparse matrix-vector product with the matrix held as
 * rows of a structure type in memory from upc_all_alloc (one row per block,
 * rows dealt round-robin), the vector in a shared array, the result gathered
 * by thread 0. The matrix is the 1D Laplacian plus a few long-range entries. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define NROWS 60
#define MAXNZ 5

typedef struct {
    int nnz;
    int col[MAXNZ];
    double val[MAXNZ];
} csr_row;

shared double *x, *y; /* private pointers, the same on every thread */

int main(void)
{
    shared csr_row *rows = (shared csr_row *)upc_all_alloc(NROWS, sizeof(csr_row));
    int i, k;

    x = (shared double *)upc_all_alloc(NROWS, sizeof(double));
    y = (shared double *)upc_all_alloc(NROWS, sizeof(double));

    /* each thread builds its own rows in place through a local pointer */
    upc_forall (i = 0; i < NROWS; i++; &rows[i]) {
        csr_row *r = (csr_row *)&rows[i];
        r->nnz = 0;
#define ADD(c, v) do { r->col[r->nnz] = (c); r->val[r->nnz] = (v); r->nnz++; } while (0)
        if (i > 0) ADD(i - 1, -1.0);
        ADD(i, 2.0);
        if (i + 1 < NROWS) ADD(i + 1, -1.0);
        if (i % 7 == 0 && i + 20 < NROWS) ADD(i + 20, 0.5);
#undef ADD
        x[i] = (double)(i % 9) - 4.0;
    }
    upc_barrier;

    upc_forall (i = 0; i < NROWS; i++; &rows[i]) {
        double s = 0;
        for (k = 0; k < rows[i].nnz; k++)
            s += rows[i].val[k] * x[rows[i].col[k]];
        y[i] = s;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        double dot = 0;
        int nnz = 0;
        for (i = 0; i < NROWS; i++) {
            dot += y[i] * x[i];
            nnz += rows[i].nnz;
        }
        printf("rows=%d nnz=%d\n", NROWS, nnz);
        printf("x.Ax = %.2f\n", dot);
        printf("y[0..4] = %.1f %.1f %.1f %.1f %.1f\n", y[0], y[1], y[2], y[3], y[4]);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(rows);
        upc_free(x);
        upc_free(y);
    }
    return 0;
}
