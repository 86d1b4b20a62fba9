/* MG-like kernel: Jacobi smoothing of a 2-D grid distributed by slabs of rows, on a fine
 * and a coarse level (restriction and prolongation, as in a two-grid cycle).  Before every
 * sweep each thread fetches the boundary rows of its neighbours with upc_memget into ghost
 * rows, then synchronizes with upc_barrier; a residual norm is reduced through a shared array
 * every cycle.
 *   UPC_THREADS=N ./mg [cycles] [columns] [rows-per-thread]
 * Prints (thread 0): time of the timed cycles, synchronizations per second, a checksum. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* fine and coarse grids: one slab (with two ghost rows) per thread */
shared double *shared fine, *shared coarse;
shared double norm[THREADS];

/* The private arrays start at fixed offsets from page boundaries, in the checked and the
 * unchecked build alike: where malloc happens to place them moves a run's time by up to 15 %
 * (cache-set and 4K-aliasing effects between the arrays), more than the checks cost. */
static void *placed_alloc(size_t bytes, int slot)
{
    char *p = NULL;
    if (posix_memalign((void **)&p, 4096, bytes + 4096) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memset(p, 0, bytes + 4096);
    return p + 192 * slot % 4096;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* slab layout per thread: rows+2 rows of nx doubles; row 0 and row rows+1 are ghosts */
static void exchange(shared double *g, double *mine, int nx, int rows)
{
    int up = (MYTHREAD + THREADS - 1) % THREADS, down = (MYTHREAD + 1) % THREADS;
    /* thread t's slab starts at g + t (block size 1); inside it, indefinite arithmetic */
    shared [] double *above = (shared [] double *)(g + up), *below = (shared [] double *)(g + down);
    /* upper ghost = last interior row of the thread above; lower ghost = first row below */
    upc_memget(mine, above + (long)rows * nx, nx * sizeof(double));
    upc_memget(mine + (long)(rows + 1) * nx, below + nx, nx * sizeof(double));
}

static void sweep(double *u, double *tmp, const double *f, int nx, int rows)
{
    for (int i = 1; i <= rows; i++)
        for (int j = 0; j < nx; j++) {
            int l = j ? j - 1 : nx - 1, r = j + 1 < nx ? j + 1 : 0;
            tmp[i * nx + j] = 0.25 * (u[(i - 1) * nx + j] + u[(i + 1) * nx + j] + u[i * nx + l] +
                                      u[i * nx + r] - f[i * nx + j]);
        }
    memcpy(u + nx, tmp + nx, sizeof(double) * rows * nx);
}

int main(int argc, char **argv)
{
    int cycles = argc > 1 ? atoi(argv[1]) : 400;
    int nx = argc > 2 ? atoi(argv[2]) : 256;
    int rows = argc > 3 ? atoi(argv[3]) : 32;
    if (nx < 4 || rows < 2 || rows % 2) { nx = 256; rows = 32; }
    int cx = nx / 2, crows = rows / 2;
    long slab = (long)(rows + 2) * nx, cslab = (long)(crows + 2) * cx;
    if (MYTHREAD == 0) {
        fine = upc_global_alloc(THREADS, slab * sizeof(double));
        coarse = upc_global_alloc(THREADS, cslab * sizeof(double));
    }
    upc_barrier;
    shared double *g0 = fine, *g1 = coarse;
    double *u = (double *)(g0 + MYTHREAD); /* this thread's slab */
    double *c = (double *)(g1 + MYTHREAD);
    double *f = placed_alloc(slab * sizeof(double), 1), *cf = placed_alloc(cslab * sizeof(double), 2);
    double *tmp = placed_alloc(slab * sizeof(double), 3), *ctmp = placed_alloc(cslab * sizeof(double), 4);
    for (long k = 0; k < slab; k++) {
        u[k] = 0;
        f[k] = ((k * 7 + MYTHREAD * 13) % 17) / 17.0 - 0.5;
    }
    for (long k = 0; k < cslab; k++) c[k] = 0;
    upc_barrier;
    double t0 = 0, res = 0;
    int warm = cycles / 10;
    for (int cy = 0; cy < cycles + warm; cy++) {
        if (cy == warm) {
            upc_barrier;
            t0 = now();
        }
        for (int s = 0; s < 2; s++) { /* pre-smoothing on the fine level */
            exchange(g0, u, nx, rows);
            upc_barrier;
            sweep(u, tmp, f, nx, rows);
            upc_barrier;
        }
        /* restriction of the residual-like field to the coarse level */
        for (int i = 1; i <= crows; i++)
            for (int j = 0; j < cx; j++) cf[i * cx + j] = u[(2 * i - 1) * nx + 2 * j] - f[(2 * i - 1) * nx + 2 * j];
        for (int s = 0; s < 2; s++) { /* coarse smoothing */
            exchange(g1, c, cx, crows);
            upc_barrier;
            sweep(c, ctmp, cf, cx, crows);
            upc_barrier;
        }
        /* prolongation */
        for (int i = 1; i <= rows; i++)
            for (int j = 0; j < nx; j++) u[i * nx + j] += 0.1 * c[((i + 1) / 2) * cx + j / 2];
        double r = 0;
        for (int i = 1; i <= rows; i++)
            for (int j = 0; j < nx; j++) r += u[i * nx + j] * u[i * nx + j];
        norm[MYTHREAD] = r;
        upc_barrier;
        res = 0;
        for (int t = 0; t < THREADS; t++) res += norm[t];
        upc_barrier;
    }
    double t = now() - t0;
    if (MYTHREAD == 0)
        printf("mg threads=%d nx=%d rows/thread=%d cycles=%d time=%.6f syncs/s=%.0f checksum=%.6e\n",
               THREADS, nx, rows, cycles, t, 10.0 * cycles / t, res);
    return 0;
}
