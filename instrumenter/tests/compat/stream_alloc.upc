/*
 * stream_alloc.upc: STREAM triad/copy/scale/add over dynamically allocated,
 * blocked shared vectors.  Usage: stream_alloc [elements per thread]
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <sys/time.h>

#define BLOCK 256
#define NTIMES 3

typedef shared [BLOCK] double *vec_t;

static double wtime(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec / 1.0e6;
}

static vec_t alloc_vec(size_t n)
{
    size_t nblocks = (n + BLOCK - 1) / BLOCK;
    vec_t v = (vec_t) upc_all_alloc(nblocks, BLOCK * sizeof(double));
    if (v == NULL) {
        if (MYTHREAD == 0)
            fprintf(stderr, "upc_all_alloc failed\n");
        upc_global_exit(1);
    }
    return v;
}

int main(int argc, char *argv[])
{
    size_t per_thread = 1000, n;
    long j;
    int k;
    vec_t a, b, c;
    double scalar = 3.0, t, best[4] = {1e30, 1e30, 1e30, 1e30};
    double aj = 1.0, bj = 2.0, cj = 0.0, err = 0.0;
    static shared double maxerr[THREADS];

    if (argc > 1)
        per_thread = (size_t) atol(argv[1]);
    n = per_thread * THREADS;
    a = alloc_vec(n);
    b = alloc_vec(n);
    c = alloc_vec(n);

    upc_forall (j = 0; j < (long) n; j++; &a[j]) {
        a[j] = 1.0;
        b[j] = 2.0;
        c[j] = 0.0;
    }
    upc_barrier;

    for (k = 0; k < NTIMES; k++) {
        t = wtime();
        upc_forall (j = 0; j < (long) n; j++; &c[j])
            c[j] = a[j];
        upc_barrier;
        t = wtime() - t; if (t < best[0]) best[0] = t;

        t = wtime();
        upc_forall (j = 0; j < (long) n; j++; &b[j])
            b[j] = scalar * c[j];
        upc_barrier;
        t = wtime() - t; if (t < best[1]) best[1] = t;

        t = wtime();
        upc_forall (j = 0; j < (long) n; j++; &c[j])
            c[j] = a[j] + b[j];
        upc_barrier;
        t = wtime() - t; if (t < best[2]) best[2] = t;

        t = wtime();
        upc_forall (j = 0; j < (long) n; j++; &a[j])
            a[j] = b[j] + scalar * c[j];
        upc_barrier;
        t = wtime() - t; if (t < best[3]) best[3] = t;

        cj = aj; bj = scalar * cj; cj = aj + bj; aj = bj + scalar * cj;
    }

    /* each thread checks the elements it owns, through a local pointer per block */
    for (j = 0; j < (long) n; j += BLOCK) {
        if (upc_threadof(&a[j]) == (size_t) MYTHREAD) {
            double *la = (double *) &a[j], *lb = (double *) &b[j], *lc = (double *) &c[j];
            long m, len = (long) n - j < BLOCK ? (long) n - j : BLOCK;
            for (m = 0; m < len; m++) {
                err = fmax(err, fabs(la[m] - aj) / aj);
                err = fmax(err, fabs(lb[m] - bj) / bj);
                err = fmax(err, fabs(lc[m] - cj) / cj);
            }
        }
    }
    maxerr[MYTHREAD] = err;
    upc_barrier;
    if (MYTHREAD == 0) {
        int i;
        double e = 0;
        for (i = 0; i < THREADS; i++)
            e = fmax(e, maxerr[i]);
        printf("n = %ld (%ld per thread), block %d\n", (long) n, (long) per_thread, BLOCK);
        printf("best times: copy %.6f scale %.6f add %.6f triad %.6f\n",
               best[0], best[1], best[2], best[3]);
        printf(e < 1e-13 ? "Solution Validates\n" : "Solution does NOT validate\n");
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(a);
        upc_free(b);
        upc_free(c);
    }
    return 0;
}
