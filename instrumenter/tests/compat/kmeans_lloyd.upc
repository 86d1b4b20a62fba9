/* k-means (Lloyd's iterations) as in data-mining course codes: the points are
 * a cyclically distributed shared array of structs, each thread assigns its
 * points (upc_forall with the affinity of &pts[i]) and accumulates private
 * sums, the sums go to one block per thread of a shared 2-D array and thread 0
 * reduces them; coordinates are fixed-point integers, so the result does not
 * depend on THREADS.  Convergence is announced through a strict flag. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define NP 600
#define K 4
#define D 2
#define MAXIT 20

typedef struct { long c[D]; int label; } point_t;

shared point_t *pts;             /* NP points, cyclic, from upc_all_alloc */
shared [K * (D + 1)] long sums[THREADS][K * (D + 1)];
shared [] long cent[K][D];
shared int changed[THREADS];
strict shared int converged;

static unsigned rng(unsigned *s) { *s = *s * 1103515245u + 12345u; return (*s >> 8) & 0xffff; }

int main(void)
{
    int i, k, d, it;
    pts = (shared point_t *) upc_all_alloc(NP, sizeof(point_t));
    if (MYTHREAD == 0) {
        unsigned s = 99;
        for (i = 0; i < NP; i++) {
            int cl = i % K;
            pts[i].c[0] = (cl % 2) * 50000 + (long)(rng(&s) % 20000);
            pts[i].c[1] = (cl / 2) * 50000 + (long)(rng(&s) % 20000);
            pts[i].label = -1;
        }
        for (k = 0; k < K; k++)
            for (d = 0; d < D; d++)
                cent[k][d] = pts[k * 7].c[d];
        converged = 0;
    }
    upc_barrier;
    for (it = 0; it < MAXIT && !converged; it++) {
        long loc[K][D + 1] = {{0}};
        long c[K][D];
        int ch = 0;
        for (k = 0; k < K; k++)
            for (d = 0; d < D; d++)
                c[k][d] = cent[k][d];
        upc_forall (i = 0; i < NP; i++; &pts[i]) {
            long best = -1;
            int bk = 0;
            for (k = 0; k < K; k++) {
                long dx = pts[i].c[0] - c[k][0], dy = pts[i].c[1] - c[k][1];
                long dist = dx * dx + dy * dy;
                if (best < 0 || dist < best) { best = dist; bk = k; }
            }
            if (pts[i].label != bk) { pts[i].label = bk; ch++; }
            for (d = 0; d < D; d++)
                loc[bk][d] += pts[i].c[d];
            loc[bk][D]++;
        }
        for (k = 0; k < K; k++)
            for (d = 0; d <= D; d++)
                sums[MYTHREAD][k * (D + 1) + d] = loc[k][d];
        changed[MYTHREAD] = ch;
        upc_barrier;
        if (MYTHREAD == 0) {
            int t, total = 0;
            for (k = 0; k < K; k++) {
                long n = 0, s[D] = {0};
                for (t = 0; t < THREADS; t++) {
                    for (d = 0; d < D; d++)
                        s[d] += sums[t][k * (D + 1) + d];
                    n += sums[t][k * (D + 1) + D];
                }
                for (d = 0; d < D; d++)
                    cent[k][d] = n ? s[d] / n : cent[k][d];
            }
            for (t = 0; t < THREADS; t++)
                total += changed[t];
            printf("iteration %d: %d labels changed\n", it + 1, total);
            if (total == 0)
                converged = 1;
        }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        for (k = 0; k < K; k++)
            printf("centroid %d: (%ld, %ld)\n", k, (long)cent[k][0], (long)cent[k][1]);
    return 0;
}
