/*
 * cg_sparse.upc -- conjugate gradient on a sparse SPD matrix (CSR rows owned by
 * each thread), in the spirit of the NAS CG kernel.  The vectors live in shared
 * arrays; dot products are reduced through a shared array of partial sums with a
 * split-phase barrier (upc_notify / upc_wait) around local work.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define ROWS   12                    /* rows per thread */
#define NA     (ROWS * THREADS)      /* order of the matrix */
#define NZROW  5                     /* at most 5 nonzeros per row */
#define MAXIT  200

shared [ROWS] double x[ROWS*THREADS];
shared [ROWS] double p[ROWS*THREADS];
shared [ROWS] double r[ROWS*THREADS];
shared [ROWS] double q[ROWS*THREADS];
shared [ROWS] double z[ROWS*THREADS];
shared double partial[THREADS];

/* private CSR for my rows */
static int    rowstr[ROWS + 1];
static int    colidx[ROWS * NZROW];
static double aval[ROWS * NZROW];

static int first_row;

/* A = 2-D-like operator: 4 on the diagonal, -1 at distance 1 and 3 (symmetric) */
static void makea(void)
{
    int i, k = 0, g;
    first_row = MYTHREAD * ROWS;
    for (i = 0; i < ROWS; i++) {
        g = first_row + i;
        rowstr[i] = k;
        if (g - 3 >= 0)  { colidx[k] = g - 3; aval[k++] = -1.0; }
        if (g - 1 >= 0)  { colidx[k] = g - 1; aval[k++] = -1.0; }
        colidx[k] = g; aval[k++] = 4.5;
        if (g + 1 < NA)  { colidx[k] = g + 1; aval[k++] = -1.0; }
        if (g + 3 < NA)  { colidx[k] = g + 3; aval[k++] = -1.0; }
    }
    rowstr[ROWS] = k;
}

/* q = A * v for my rows (v read from any thread) */
static void matvec(shared [ROWS] double *v, shared [ROWS] double *out)
{
    int i, k;
    for (i = 0; i < ROWS; i++) {
        double sum = 0.0;
        for (k = rowstr[i]; k < rowstr[i + 1]; k++)
            sum += aval[k] * v[colidx[k]];
        out[first_row + i] = sum;
    }
}

static double dot(shared [ROWS] double *u, shared [ROWS] double *v)
{
    int i, t;
    double sum = 0.0;
    upc_forall (i = 0; i < NA; i++; &u[i])
        sum += u[i] * v[i];
    partial[MYTHREAD] = sum;
    upc_barrier;
    sum = 0.0;
    for (t = 0; t < THREADS; t++)
        sum += partial[t];
    upc_notify;
    /* nothing to do locally while the others finish reading */
    upc_wait;
    return sum;
}

int main(void)
{
    int i, it;
    double rho, rho0, alpha, beta, pq, rnorm, err, maxerr;

    makea();

    /* b = A * ones, x = 0, r = b, p = r */
    upc_forall (i = 0; i < NA; i++; &z[i])
        z[i] = 1.0;
    upc_barrier;
    matvec(z, r);
    upc_forall (i = 0; i < NA; i++; &x[i]) {
        x[i] = 0.0;
        p[i] = r[i];
    }
    upc_barrier;

    rho = dot(r, r);
    for (it = 0; it < MAXIT && rho > 1e-26; it++) {
        matvec(p, q);
        upc_barrier;
        pq = dot(p, q);
        alpha = rho / pq;
        upc_forall (i = 0; i < NA; i++; &x[i]) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
        }
        upc_barrier;
        rho0 = rho;
        rho = dot(r, r);
        beta = rho / rho0;
        upc_forall (i = 0; i < NA; i++; &p[i])
            p[i] = r[i] + beta * p[i];
        upc_barrier;
    }

    /* error against the exact solution (all ones) */
    err = 0.0;
    upc_forall (i = 0; i < NA; i++; &x[i])
        err = fmax(err, fabs(x[i] - 1.0));
    partial[MYTHREAD] = err;
    upc_barrier;
    maxerr = 0.0;
    for (i = 0; i < THREADS; i++)
        maxerr = fmax(maxerr, partial[i]);
    rnorm = sqrt(rho);
    if (MYTHREAD == 0) {
        printf(" CG on %d rows: converged %s\n", ROWS, it < MAXIT ? "yes" : "no");
        printf(" Verification    =               %s\n",
               maxerr < 1e-10 && rnorm < 1e-12 ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    return 0;
}
