/*--------------------------------------------------------------------
  NAS Parallel Benchmarks 2.4 -- CG Benchmark, UPC version (small classes)

  Inverse power method on a sparse symmetric positive definite matrix:
  each outer iteration solves A z = x with CGITMAX conjugate gradient
  iterations, then zeta = SHIFT + 1 / (x . z) and x = z / ||z||.
  The matrix is the 5-point Laplacian of an NGRID x NGRID grid plus a
  diagonal shift, stored row-wise (CSR) by the thread that owns the rows.
  The vectors are blocked shared arrays; dot products go through
  upc_all_reduceD. Thread 0 repeats the computation serially to verify.
--------------------------------------------------------------------*/
#include <upc.h>
#include <upc_collective.h>
#include <string.h>
#include "npb-UPC.h"
#include "npbparams.h"

#define ROWS_MAX   ((NA + THREADS - 1) / THREADS)
#define NZ_ROW     5

shared [ROWS_MAX] double x[ROWS_MAX*THREADS];
shared [ROWS_MAX] double z[ROWS_MAX*THREADS];
shared [ROWS_MAX] double p[ROWS_MAX*THREADS];
shared [ROWS_MAX] double q[ROWS_MAX*THREADS];
shared [ROWS_MAX] double r[ROWS_MAX*THREADS];
shared double dot_part[THREADS];
shared double dot_sum;
shared double zeta_history[NITER];

static int    rowstr[ROWS_MAX + 1];
static int    colidx[ROWS_MAX * NZ_ROW];
static double a[ROWS_MAX * NZ_ROW];
static int    firstrow, lastrow;

/* the rows of A numbered lo..hi-1, in CSR arrays */
static void makea(int lo, int hi, int *rs, int *ci, double *av)
{
    int row, k = 0;
    for (row = lo; row < hi; row++) {
        int gi = row / NGRID, gj = row % NGRID;
        rs[row - lo] = k;
        if (gi > 0)         { ci[k] = row - NGRID; av[k++] = -1.0; }
        if (gj > 0)         { ci[k] = row - 1;     av[k++] = -1.0; }
        ci[k] = row; av[k++] = 4.0 + 0.1;
        if (gj < NGRID - 1) { ci[k] = row + 1;     av[k++] = -1.0; }
        if (gi < NGRID - 1) { ci[k] = row + NGRID; av[k++] = -1.0; }
    }
    rs[hi - lo] = k;
}

static double pdot(shared [ROWS_MAX] double *u, shared [ROWS_MAX] double *v)
{
    int i;
    double s = 0.0;
    for (i = firstrow; i < lastrow; i++)
        s += u[i] * v[i];
    dot_part[MYTHREAD] = s;
    upc_all_reduceD(&dot_sum, dot_part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    s = dot_sum;
    upc_barrier;            /* nobody overwrites dot_sum before everyone has read it */
    return s;
}

static void pmatvec(shared [ROWS_MAX] double *v, shared [ROWS_MAX] double *out)
{
    int i, k;
    for (i = firstrow; i < lastrow; i++) {
        double s = 0.0;
        for (k = rowstr[i - firstrow]; k < rowstr[i - firstrow + 1]; k++)
            s += a[k] * v[colidx[k]];
        out[i] = s;
    }
    upc_barrier;
}

/* one conj_grad call: z = A^-1 x approximately; returns ||r|| */
static double conj_grad(void)
{
    int i, cgit;
    double rho, rho0, alpha, beta, d, sum;

    for (i = firstrow; i < lastrow; i++) {
        q[i] = 0.0;
        z[i] = 0.0;
        r[i] = x[i];
        p[i] = r[i];
    }
    upc_barrier;
    rho = pdot(r, r);
    for (cgit = 1; cgit <= CGITMAX; cgit++) {
        pmatvec(p, q);
        d = pdot(p, q);
        alpha = rho / d;
        rho0 = rho;
        for (i = firstrow; i < lastrow; i++) {
            z[i] = z[i] + alpha * p[i];
            r[i] = r[i] - alpha * q[i];
        }
        rho = pdot(r, r);
        beta = rho / rho0;
        for (i = firstrow; i < lastrow; i++)
            p[i] = r[i] + beta * p[i];
        upc_barrier;
    }
    pmatvec(z, r);              /* r = A z */
    for (i = firstrow, sum = 0.0; i < lastrow; i++) {
        d = x[i] - r[i];
        sum += d * d;
    }
    dot_part[MYTHREAD] = sum;
    upc_all_reduceD(&dot_sum, dot_part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    sum = dot_sum;
    upc_barrier;
    return sqrt(sum);
}

/* the same computation on one thread, private arrays */
static double serial_zeta(int niter)
{
    int *rs = malloc(sizeof(int) * (NA + 1)), *ci = malloc(sizeof(int) * NA * NZ_ROW);
    double *av = malloc(sizeof(double) * NA * NZ_ROW);
    double *sx = malloc(sizeof(double) * NA), *sz = malloc(sizeof(double) * NA);
    double *sp = malloc(sizeof(double) * NA), *sq = malloc(sizeof(double) * NA);
    double *sr = malloc(sizeof(double) * NA);
    double zeta = 0.0;
    int it, cgit, i, k;

    makea(0, NA, rs, ci, av);
    for (i = 0; i < NA; i++) sx[i] = 1.0;
    for (it = 1; it <= niter; it++) {
        double rho = 0.0, rho0, alpha, beta, d, nz = 0.0, xz = 0.0;
        for (i = 0; i < NA; i++) { sz[i] = 0.0; sr[i] = sx[i]; sp[i] = sr[i]; rho += sr[i] * sr[i]; }
        for (cgit = 1; cgit <= CGITMAX; cgit++) {
            for (i = 0, d = 0.0; i < NA; i++) {
                double s = 0.0;
                for (k = rs[i]; k < rs[i + 1]; k++) s += av[k] * sp[ci[k]];
                sq[i] = s;
                d += sp[i] * sq[i];
            }
            alpha = rho / d;
            rho0 = rho;
            rho = 0.0;
            for (i = 0; i < NA; i++) {
                sz[i] += alpha * sp[i];
                sr[i] -= alpha * sq[i];
                rho += sr[i] * sr[i];
            }
            beta = rho / rho0;
            for (i = 0; i < NA; i++) sp[i] = sr[i] + beta * sp[i];
        }
        for (i = 0; i < NA; i++) { xz += sx[i] * sz[i]; nz += sz[i] * sz[i]; }
        zeta = SHIFT + 1.0 / xz;
        nz = 1.0 / sqrt(nz);
        for (i = 0; i < NA; i++) sx[i] = nz * sz[i];
    }
    free(rs); free(ci); free(av); free(sx); free(sz); free(sp); free(sq); free(sr);
    return zeta;
}

int main(int argc, char **argv)
{
    int i, it;
    double zeta = 0.0, rnorm = 0.0, norm_temp1, norm_temp2, t, mflops;
    boolean verified;

    firstrow = MYTHREAD * ROWS_MAX;
    lastrow = min(firstrow + ROWS_MAX, NA);
    if (firstrow > NA) firstrow = NA;
    makea(firstrow, lastrow, rowstr, colidx, a);

    if (MYTHREAD == 0) {
        printf("\n\n NAS Parallel Benchmarks 2.4 UPC version - CG Benchmark\n\n");
        printf(" Size: %10d\n", NA);
        printf(" Iterations: %5d\n", NITER);
    }
    for (i = firstrow; i < lastrow; i++)
        x[i] = 1.0;
    upc_barrier;

    timer_clear(1);
    timer_start(1);
    for (it = 1; it <= NITER; it++) {
        rnorm = conj_grad();
        norm_temp1 = pdot(x, z);
        norm_temp2 = pdot(z, z);
        norm_temp2 = 1.0 / sqrt(norm_temp2);
        zeta = SHIFT + 1.0 / norm_temp1;
        if (MYTHREAD == 0) {
            if (it == 1)
                printf("   iteration           ||r||                 zeta\n");
            printf("    %5d       %20.14e%20.13e\n", it, rnorm, zeta);
            zeta_history[it - 1] = zeta;
        }
        for (i = firstrow; i < lastrow; i++)
            x[i] = norm_temp2 * z[i];
        upc_barrier;
    }
    timer_stop(1);
    t = timer_read(1);

    if (MYTHREAD == 0) {
        double zeta_verify_value = serial_zeta(NITER);
        double err = fabs(zeta - zeta_verify_value) / zeta_verify_value;
        verified = err <= 1.0e-10 && rnorm < 1.0e-6;
        printf(" Benchmark completed\n");
        if (verified) {
            printf(" VERIFICATION SUCCESSFUL\n");
            printf(" Zeta is    %20.12e\n", zeta);
            printf(" Error is   %20.12e\n", err);
        } else {
            printf(" VERIFICATION FAILED\n");
            printf(" Zeta                %20.12e\n", zeta);
            printf(" The correct zeta is %20.12e\n", zeta_verify_value);
        }
        mflops = t > 0.0 ? 2.0 * NITER * NA * (3.0 + NZ_ROW * (CGITMAX + 1.0)) / t / 1.0e6 : 0.0;
        c_print_results("CG", CLASS, NA, 0, 0, NITER, NUM_PROCS, t, mflops,
                        "          floating point", verified, NPBVERSION, COMPILETIME,
                        CS1, CS2, CS3, CS4, CS5, CS6, CS7);
    }
    return 0;
}
