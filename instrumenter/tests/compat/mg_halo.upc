/*
 * mg_halo.upc -- MG-style smoother on a 3-D periodic grid decomposed in z.
 * Each thread owns NZ planes; the planes next to its slab are fetched with
 * upc_memget into private ghost planes before every sweep (halo exchange).
 * Thread 0 repeats the computation serially and compares.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define NX 8
#define NY 8
#define NZ 3                        /* planes per thread */
#define PLANE (NX*NY)
#define SLAB  (PLANE*NZ)
#define NSWEEP 4

shared [SLAB] double u[SLAB*THREADS];
shared [SLAB] double v[SLAB*THREADS];

#define IDX(i,j,k) ((k)*PLANE + (j)*NX + (i))

static double init_val(int i, int j, int gk)
{
    return sin(0.3 * i) + cos(0.2 * j) + 0.01 * gk * gk;
}

/* one Jacobi-like sweep: dst = (6*c + sum of 6 neighbours) / 12 */
static void sweep_local(const double *below, const double *mine, const double *above,
                        double *dst, int nz)
{
    int i, j, k;
    for (k = 0; k < nz; k++) {
        const double *zm = k == 0 ? below : mine + (k - 1) * PLANE;
        const double *zp = k == nz - 1 ? above : mine + (k + 1) * PLANE;
        const double *c = mine + k * PLANE;
        for (j = 0; j < NY; j++)
            for (i = 0; i < NX; i++) {
                double s = 6.0 * c[j*NX + i];
                s += c[j*NX + (i+1)%NX] + c[j*NX + (i+NX-1)%NX];
                s += c[((j+1)%NY)*NX + i] + c[((j+NY-1)%NY)*NX + i];
                s += zm[j*NX + i] + zp[j*NX + i];
                dst[k*PLANE + j*NX + i] = s / 12.0;
            }
    }
}

int main(void)
{
    int i, j, k, s;
    int below = (MYTHREAD + THREADS - 1) % THREADS, above = (MYTHREAD + 1) % THREADS;
    double ghost_lo[PLANE], ghost_hi[PLANE];
    double *mine_u = (double *) &u[MYTHREAD * SLAB];
    double *mine_v = (double *) &v[MYTHREAD * SLAB];
    shared [SLAB] double *src = u, *dst = v;
    double *lsrc = mine_u, *ldst = mine_v;

    for (k = 0; k < NZ; k++)
        for (j = 0; j < NY; j++)
            for (i = 0; i < NX; i++)
                mine_u[IDX(i, j, k)] = init_val(i, j, MYTHREAD * NZ + k);
    upc_barrier;

    for (s = 0; s < NSWEEP; s++) {
        /* halo exchange: top plane of the thread below, bottom plane of the thread above */
        upc_memget(ghost_lo, &src[below * SLAB + (NZ - 1) * PLANE], PLANE * sizeof(double));
        upc_memget(ghost_hi, &src[above * SLAB], PLANE * sizeof(double));
        sweep_local(ghost_lo, lsrc, ghost_hi, ldst, NZ);
        upc_barrier;
        { shared [SLAB] double *t = src; src = dst; dst = t; }
        { double *t = lsrc; lsrc = ldst; ldst = t; }
    }

    if (MYTHREAD == 0) {
        int nzt = NZ * THREADS;
        double *a = malloc(sizeof(double) * PLANE * nzt);
        double *b = malloc(sizeof(double) * PLANE * nzt);
        double maxdiff = 0.0, norm = 0.0;
        for (k = 0; k < nzt; k++)
            for (j = 0; j < NY; j++)
                for (i = 0; i < NX; i++)
                    a[IDX(i, j, k)] = init_val(i, j, k);
        for (s = 0; s < NSWEEP; s++) {
            sweep_local(a + (nzt - 1) * PLANE, a, a, b, nzt);   /* periodic in z */
            { double *t = a; a = b; b = t; }
        }
        for (k = 0; k < nzt; k++) {
            double plane[PLANE];
            upc_memget(plane, &src[k * PLANE], sizeof plane);  /* slab boundaries are block boundaries */
            for (j = 0; j < PLANE; j++) {
                maxdiff = fmax(maxdiff, fabs(plane[j] - a[k * PLANE + j]));
                norm += plane[j] * plane[j];
            }
        }
        printf("MG-like smoother, %d sweeps on %dx%dx%d grid\n", NSWEEP, NX, NY, NZ * THREADS);
        printf("max difference from serial: %s\n", maxdiff < 1e-12 ? "< 1e-12" : "TOO LARGE");
        free(a);
        free(b);
    }
    return 0;
}
