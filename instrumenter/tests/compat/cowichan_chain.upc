/* The Cowichan "chain" problems (randmat -> thresh -> winnow -> outer -> product) as a
 * UPC pipeline over a row-distributed matrix: a deterministic random matrix, a threshold
 * mask by histogram, the selected points sorted and sub-sampled, the distance matrix of the
 * points and its product with their distances to the origin.  Integer arithmetic keeps the
 * result the same for every THREADS. */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NR 24
#define NC 24
#define PERCENT 30
#define NW 12

/* the matrices are allocated at run time, a row per block (dynamic THREADS) */
shared [NC] int *mat;
shared [NC] char *mask;
shared int hist[THREADS][100];
shared int thresh;
shared int nsel[THREADS];
shared [] long points[NR * NC]; /* row * NC + col of selected cells, on thread 0 */
shared int npoints;
shared [NW] double *outer_m; /* row i on thread i % THREADS */
shared double *vec, *result;

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

static int cmp_points(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    int vx = mat[x], vy = mat[y];
    if (vx != vy)
        return vx - vy;
    return (x > y) - (x < y);
}

int main(void)
{
    int i, j, t;
    mat = upc_all_alloc(NR, NC * sizeof(int));
    mask = upc_all_alloc(NR, NC);
    outer_m = upc_all_alloc(NW, NW * sizeof(double));
    vec = upc_all_alloc(NW, sizeof(double));
    result = upc_all_alloc(NW, sizeof(double));
    /* randmat: each row seeded by its index, so the matrix does not depend on THREADS */
    upc_forall (i = 0; i < NR; i++; &mat[i * NC]) {
        unsigned s = 7u + i;
        for (j = 0; j < NC; j++)
            mat[i * NC + j] = lcg(&s) % 100;
    }
    for (j = 0; j < 100; j++)
        hist[MYTHREAD][j] = 0;
    upc_barrier;

    /* thresh: per-thread histograms, combined by thread 0 */
    upc_forall (i = 0; i < NR; i++; &mat[i * NC])
        for (j = 0; j < NC; j++)
            hist[MYTHREAD][mat[i * NC + j]]++;
    upc_barrier;
    if (MYTHREAD == 0) {
        int want = NR * NC * PERCENT / 100, have = 0, v = 100;
        while (have < want && v > 0) {
            v--;
            for (t = 0; t < THREADS; t++)
                have += hist[t][v];
        }
        thresh = v;
        printf("thresh: value %d keeps %d of %d cells\n", v, have, NR * NC);
    }
    upc_barrier;
    nsel[MYTHREAD] = 0;
    upc_forall (i = 0; i < NR; i++; &mat[i * NC])
        for (j = 0; j < NC; j++) {
            mask[i * NC + j] = mat[i * NC + j] >= thresh;
            nsel[MYTHREAD] += mask[i * NC + j];
        }
    upc_barrier;

    /* winnow: thread 0 collects, sorts by (value, position) and takes NW evenly spaced */
    if (MYTHREAD == 0) {
        long *sel = malloc(sizeof(long) * NR * NC);
        int n = 0;
        for (i = 0; i < NR; i++)
            for (j = 0; j < NC; j++)
                if (mask[i * NC + j])
                    sel[n++] = (long)i * NC + j;
        qsort(sel, n, sizeof *sel, cmp_points);
        for (j = 0; j < NW; j++)
            points[j] = sel[(long)j * n / NW];
        npoints = n;
        int total = 0;
        for (t = 0; t < THREADS; t++)
            total += nsel[t];
        printf("winnow: %d selected (%s), %d kept\n", n, total == n ? "counts agree" : "WRONG",
               NW);
        free(sel);
    }
    upc_barrier;

    /* outer: distances between the kept points; the diagonal is NW times the largest */
    upc_forall (i = 0; i < NW; i++; &outer_m[i * NW]) {
        double r0 = points[i] / NC, c0 = points[i] % NC, mx = 0;
        for (j = 0; j < NW; j++) {
            double r1 = points[j] / NC, c1 = points[j] % NC;
            double d = sqrt((r0 - r1) * (r0 - r1) + (c0 - c1) * (c0 - c1));
            outer_m[i * NW + j] = d;
            if (d > mx)
                mx = d;
        }
        outer_m[i * NW + i] = NW * mx;
        vec[i] = sqrt(r0 * r0 + c0 * c0);
    }
    upc_barrier;

    /* product: result = outer * vec, row by row where the row lives */
    upc_forall (i = 0; i < NW; i++; &outer_m[i * NW]) {
        double s = 0;
        for (j = 0; j < NW; j++)
            s += outer_m[i * NW + j] * vec[j];
        result[i] = s;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        double norm = 0;
        for (i = 0; i < NW; i++)
            norm += result[i];
        printf("product: sum %.3f\n", norm);
        printf("first point (%ld,%ld) last point (%ld,%ld)\n", points[0] / NC, points[0] % NC,
               points[NW - 1] / NC, points[NW - 1] % NC);
    }
    return 0;
}
