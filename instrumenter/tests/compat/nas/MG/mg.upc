/*--------------------------------------------------------------------
  NAS Parallel Benchmarks 2.4 -- MG Benchmark, UPC version (small classes)

  A two-grid cycle for the 3-D Poisson equation  A u = v  on a periodic
  NX x NY x NZ grid, decomposed in z (NZ_PER_THREAD planes per thread):
  smooth, compute the residual, restrict it to the coarse grid (one
  coarse plane per two fine planes), smooth there, prolongate and
  correct, smooth again. Planes next to a thread's slab are fetched with
  upc_memget (ghost exchange). Thread 0 runs the same cycle serially and
  compares the residual norms.
--------------------------------------------------------------------*/
#include <upc.h>
#include <upc_collective.h>
#include <string.h>
#include "npb-UPC.h"
#include "npbparams.h"

#define NZ     (NZ_PER_THREAD * THREADS)
#define PLANE  (NX * NY)
#define SLAB   (PLANE * NZ_PER_THREAD)
#define CPLANE ((NX / 2) * (NY / 2))
#define CSLAB  (CPLANE * NZ_PER_THREAD / 2)
#define OMEGA  (2.0 / 3.0)

shared [SLAB]  double u[SLAB*THREADS], v[SLAB*THREADS], res[SLAB*THREADS];
shared [CSLAB] double cu[CSLAB*THREADS], cr[CSLAB*THREADS];
shared double norm_part[THREADS];
shared double norm_all;

/* --- grid operations on one slab with ghost planes (shared by the serial check) --- */

/* out = A in (7-point, periodic in x and y; below/above are the neighbour planes) */
static void apply_a(const double *below, const double *in, const double *above,
                    double *out, int nx, int ny, int nz)
{
    int i, j, k, pl = nx * ny;
    for (k = 0; k < nz; k++) {
        const double *zm = k == 0 ? below : in + (k - 1) * pl;
        const double *zp = k == nz - 1 ? above : in + (k + 1) * pl;
        const double *c = in + k * pl;
        for (j = 0; j < ny; j++)
            for (i = 0; i < nx; i++)
                out[k*pl + j*nx + i] = 6.0 * c[j*nx + i]
                    - c[j*nx + (i+1)%nx] - c[j*nx + (i+nx-1)%nx]
                    - c[((j+1)%ny)*nx + i] - c[((j+ny-1)%ny)*nx + i]
                    - zm[j*nx + i] - zp[j*nx + i];
    }
}

/* weighted Jacobi: u += OMEGA/6 * (v - A u) */
static void smooth(double *uu, const double *vv, const double *au, int n)
{
    int i;
    for (i = 0; i < n; i++)
        uu[i] += OMEGA / 6.0 * (vv[i] - au[i]);
}

static void restrict_(const double *fine, double *coarse, int nx, int ny, int nzc)
{
    int i, j, k, pl = nx * ny, cnx = nx / 2, cny = ny / 2;
    for (k = 0; k < nzc; k++)
        for (j = 0; j < cny; j++)
            for (i = 0; i < cnx; i++) {
                double s = 0.0;
                int a, b, c;
                for (c = 0; c < 2; c++)
                    for (b = 0; b < 2; b++)
                        for (a = 0; a < 2; a++)
                            s += fine[(2*k + c)*pl + (2*j + b)*nx + 2*i + a];
                coarse[k*cnx*cny + j*cnx + i] = s / 2.0;   /* 1/8 sum, times h ratio 4 */
            }
}

static void prolong_add(double *fine, const double *coarse, int nx, int ny, int nzc)
{
    int i, j, k, pl = nx * ny, cnx = nx / 2;
    for (k = 0; k < 2 * nzc; k++)
        for (j = 0; j < ny; j++)
            for (i = 0; i < nx; i++)
                fine[k*pl + j*nx + i] += coarse[(k/2)*cnx*(ny/2) + (j/2)*cnx + i/2];
}

static double sumsq(const double *a, int n)
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s += a[i] * a[i];
    return s;
}

/* --- the distributed cycle --- */

static void ghosts(shared [SLAB] double *g, double *lo, double *hi)
{
    int below = (MYTHREAD + THREADS - 1) % THREADS, above = (MYTHREAD + 1) % THREADS;
    upc_memget(lo, &g[below * SLAB + (NZ_PER_THREAD - 1) * PLANE], PLANE * sizeof(double));
    upc_memget(hi, &g[above * SLAB], PLANE * sizeof(double));
}

static void cghosts(shared [CSLAB] double *g, double *lo, double *hi)
{
    int below = (MYTHREAD + THREADS - 1) % THREADS, above = (MYTHREAD + 1) % THREADS;
    upc_memget(lo, &g[below * CSLAB + (NZ_PER_THREAD / 2 - 1) * CPLANE], CPLANE * sizeof(double));
    upc_memget(hi, &g[above * CSLAB], CPLANE * sizeof(double));
}

static double residual_norm(double *lu, double *lv, double *lr)
{
    double lo[PLANE], hi[PLANE], s;
    ghosts(u, lo, hi);
    apply_a(lo, lu, hi, lr, NX, NY, NZ_PER_THREAD);
    upc_barrier;
    {
        int i;
        for (i = 0; i < SLAB; i++)
            lr[i] = lv[i] - lr[i];
    }
    norm_part[MYTHREAD] = sumsq(lr, SLAB);
    upc_all_reduceD(&norm_all, norm_part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    s = sqrt(norm_all / ((double) PLANE * NZ));
    upc_barrier;
    return s;
}

static void smooth_fine(double *lu, double *lv, double *tmp)
{
    double lo[PLANE], hi[PLANE];
    ghosts(u, lo, hi);
    apply_a(lo, lu, hi, tmp, NX, NY, NZ_PER_THREAD);
    upc_barrier;                                    /* everyone has read u */
    smooth(lu, lv, tmp, SLAB);
    upc_barrier;
}

static void cycle(double *lu, double *lv, double *lr, double *tmp)
{
    double *lcu = (double *) &cu[MYTHREAD * CSLAB], *lcr = (double *) &cr[MYTHREAD * CSLAB];
    double clo[CPLANE], chi[CPLANE], ctmp[CSLAB];
    int s;

    smooth_fine(lu, lv, tmp);
    residual_norm(lu, lv, lr);
    restrict_(lr, lcr, NX, NY, NZ_PER_THREAD / 2);
    memset(lcu, 0, sizeof(double) * CSLAB);
    upc_barrier;
    for (s = 0; s < 4; s++) {
        cghosts(cu, clo, chi);
        apply_a(clo, lcu, chi, ctmp, NX / 2, NY / 2, NZ_PER_THREAD / 2);
        upc_barrier;
        smooth(lcu, lcr, ctmp, CSLAB);
        upc_barrier;
    }
    prolong_add(lu, lcu, NX, NY, NZ_PER_THREAD / 2);
    upc_barrier;
    smooth_fine(lu, lv, tmp);
}

/* the same cycle on the whole grid, private memory */
static double serial_cycles(int nit)
{
    int n = PLANE * NZ, cn = CPLANE * NZ / 2, it, s, k, i;
    double *su = calloc(n, sizeof(double)), *sv = malloc(n * sizeof(double));
    double *sr = malloc(n * sizeof(double)), *st = malloc(n * sizeof(double));
    double *scu = malloc(cn * sizeof(double)), *scr = malloc(cn * sizeof(double));
    double *sct = malloc(cn * sizeof(double)), nrm;

    for (k = 0; k < NZ; k++)
        for (i = 0; i < PLANE; i++)
            sv[k * PLANE + i] = ((k * 7 + i * 3) % 11 == 0) ? 1.0 : ((k + i) % 13 == 0 ? -1.0 : 0.0);
    for (it = 0; it < nit; it++) {
        apply_a(su + (NZ - 1) * PLANE, su, su, st, NX, NY, NZ);
        smooth(su, sv, st, n);
        apply_a(su + (NZ - 1) * PLANE, su, su, sr, NX, NY, NZ);
        for (i = 0; i < n; i++) sr[i] = sv[i] - sr[i];
        restrict_(sr, scr, NX, NY, NZ / 2);
        memset(scu, 0, cn * sizeof(double));
        for (s = 0; s < 4; s++) {
            apply_a(scu + (NZ / 2 - 1) * CPLANE, scu, scu, sct, NX / 2, NY / 2, NZ / 2);
            smooth(scu, scr, sct, cn);
        }
        prolong_add(su, scu, NX, NY, NZ / 2);
        apply_a(su + (NZ - 1) * PLANE, su, su, st, NX, NY, NZ);
        smooth(su, sv, st, n);
    }
    apply_a(su + (NZ - 1) * PLANE, su, su, sr, NX, NY, NZ);
    for (i = 0; i < n; i++) sr[i] = sv[i] - sr[i];
    nrm = sqrt(sumsq(sr, n) / n);
    free(su); free(sv); free(sr); free(st); free(scu); free(scr); free(sct);
    return nrm;
}

int main(int argc, char **argv)
{
    double *lu = (double *) &u[MYTHREAD * SLAB];
    double *lv = (double *) &v[MYTHREAD * SLAB];
    double *lr = (double *) &res[MYTHREAD * SLAB];
    double *tmp = malloc(SLAB * sizeof(double));
    double rnm2_0, rnm2, t, serial;
    int it, k, i;
    boolean verified;

    if (MYTHREAD == 0) {
        printf("\n\n NAS Parallel Benchmarks 2.4 UPC version - MG Benchmark\n\n");
        printf(" Size: %3dx%3dx%3d  (class %c)\n", NX, NY, NZ, CLASS);
        printf(" Iterations: %3d\n", NIT);
    }
    for (k = 0; k < NZ_PER_THREAD; k++)
        for (i = 0; i < PLANE; i++) {
            int gk = MYTHREAD * NZ_PER_THREAD + k;
            lv[k * PLANE + i] = ((gk * 7 + i * 3) % 11 == 0) ? 1.0 : ((gk + i) % 13 == 0 ? -1.0 : 0.0);
            lu[k * PLANE + i] = 0.0;
        }
    upc_barrier;

    rnm2_0 = residual_norm(lu, lv, lr);
    timer_clear(1);
    timer_start(1);
    for (it = 1; it <= NIT; it++)
        cycle(lu, lv, lr, tmp);
    timer_stop(1);
    t = timer_read(1);
    rnm2 = residual_norm(lu, lv, lr);

    if (MYTHREAD == 0) {
        serial = serial_cycles(NIT);
        verified = fabs(rnm2 - serial) <= 1.0e-10 * serial && rnm2 < rnm2_0;
        printf(" Benchmark completed\n");
        if (verified) {
            printf(" VERIFICATION SUCCESSFUL\n");
            printf(" L2 Norm is %20.12e\n", rnm2);
            printf(" Error is   %20.12e\n", fabs(rnm2 - serial) / serial);
        } else {
            printf(" VERIFICATION FAILED\n");
            printf(" L2 Norm is             %20.12e\n", rnm2);
            printf(" The correct L2 Norm is %20.12e\n", serial);
        }
        c_print_results("MG", CLASS, NX, NY, NZ, NIT, NUM_PROCS, t,
                        t > 0.0 ? 58.0 * NIT * PLANE * NZ / t / 1.0e6 : 0.0,
                        "          floating point", verified, NPBVERSION, COMPILETIME,
                        CS1, CS2, CS3, CS4, CS5, CS6, CS7);
    }
    free(tmp);
    return 0;
}
