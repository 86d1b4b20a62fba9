/* CG-like kernel: conjugate gradient on a sparse symmetric matrix distributed by rows.
 * Every iteration: a sparse matrix-vector product that reads the direction vector p of the
 * other threads through a shared array, two dot products reduced through shared arrays of
 * partial sums (one with upc_barrier, one with upc_notify/upc_wait and local work in the split
 * phase), and vector updates.  Small rows per thread so that the program synchronizes
 * thousands of times per second, like NAS CG class W at 2-4 threads.
 *   UPC_THREADS=N ./cg [iterations] [rows-per-thread]
 * Prints (thread 0): time of the timed iterations, synchronizations per second, a checksum. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NZ 11 /* nonzeros per row */
#define MAXROWS 65536

shared [MAXROWS] double p[MAXROWS * THREADS];
shared double part1[THREADS];
shared double part2[THREADS];

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

static double reduce(shared double *part, double mine)
{
    part[MYTHREAD] = mine;
    upc_barrier;
    double s = 0;
    for (int t = 0; t < THREADS; t++) s += part[t];
    return s;
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    int rows = argc > 2 ? atoi(argv[2]) : 1400;
    if (rows < 1 || rows > MAXROWS) rows = 1400;
    long n = (long)rows * THREADS;
    long first = (long)rows * MYTHREAD;
    int *col = placed_alloc(sizeof(int) * rows * NZ, 0);
    double *val = placed_alloc(sizeof(double) * rows * NZ, 1);
    double *x = placed_alloc(sizeof(double) * rows, 2), *r = placed_alloc(sizeof(double) * rows, 3);
    double *q = placed_alloc(sizeof(double) * rows, 4), *b = placed_alloc(sizeof(double) * rows, 5);
    double *pl = (double *)&p[(long)MYTHREAD * MAXROWS];
    /* a symmetric, diagonally dominant pattern: band plus long-range couplings */
    static const long off[NZ] = {0, 1, -1, 7, -7, 61, -61, 1409, -1409, 20011, -20011};
    for (int i = 0; i < rows; i++) {
        long g = first + i;
        for (int k = 0; k < NZ; k++) {
            long c = ((g + off[k]) % n + n) % n;
            col[i * NZ + k] = (int)c;
            val[i * NZ + k] = k == 0 ? NZ + 1.0 : -0.5;
        }
        b[i] = 1.0 + (double)(g % 13) / 13.0;
        r[i] = b[i];
        pl[i] = r[i];
    }
    double rho = reduce(part1, ({ double s = 0; for (int i = 0; i < rows; i++) s += r[i] * r[i]; s; }));
    double rho0 = rho;
    upc_barrier;
    double t0 = 0;
    int warm = iters / 10;
    for (int it = 0; it < iters + warm; it++) {
        if (it == warm) {
            upc_barrier;
            t0 = now();
        }
        /* q = A p */
        for (int i = 0; i < rows; i++) {
            double s = 0;
            for (int k = 0; k < NZ; k++) {
                int c = col[i * NZ + k];
                s += val[i * NZ + k] * p[(c / rows) * MAXROWS + c % rows];
            }
            q[i] = s;
        }
        double pq = 0;
        for (int i = 0; i < rows; i++) pq += pl[i] * q[i];
        double alpha = rho / reduce(part2, pq);
        double rr = 0;
        for (int i = 0; i < rows; i++) {
            x[i] += alpha * pl[i];
            r[i] -= alpha * q[i];
            rr += r[i] * r[i];
        }
        /* second dot product through upc_notify / upc_wait */
        part1[MYTHREAD] = rr;
        upc_notify;
        double local_norm = 0;
        for (int i = 0; i < rows; i++) local_norm += x[i] * x[i];
        upc_wait;
        double rho_new = 0;
        for (int t = 0; t < THREADS; t++) rho_new += part1[t];
        double beta = rho_new / rho;
        rho = rho_new;
        upc_barrier; /* everybody read p and part1 */
        for (int i = 0; i < rows; i++) pl[i] = r[i] + beta * pl[i];
        upc_barrier; /* p complete before the next product */
        (void)local_norm;
        if (rho < 1e-24 * rho0) { /* converged: start again from x = 0 (same work per iteration) */
            for (int i = 0; i < rows; i++) {
                x[i] = 0;
                r[i] = b[i];
                pl[i] = r[i];
            }
            rho = rho0;
            upc_barrier;
        }
    }
    double t = now() - t0;
    double xs = 0;
    for (int i = 0; i < rows; i++) xs += x[i];
    double sum = reduce(part2, xs);
    if (MYTHREAD == 0)
        printf("cg threads=%d rows/thread=%d iters=%d time=%.6f syncs/s=%.0f checksum=%.6e\n",
               THREADS, rows, iters, t, 4.0 * iters / t, sum);
    return 0;
}
