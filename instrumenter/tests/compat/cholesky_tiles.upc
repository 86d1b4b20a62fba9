/* cholesky_tiles.upc -- tiled Cholesky factorization (lower triangle) of a
 * symmetric positive definite matrix: the tiles are blocks of a `shared [B*B]`
 * array, and every step's work is a upc_forall over tiles with the tile itself
 * as affinity expression. */
#include <upc.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

#define B 4
#define NT 6
#define N (B * NT)

shared [B * B] double T[NT * NT][B * B];
#define AT(i, j) T[(i) * NT + (j)]

static double spd(int r, int c) { return (r == c ? N : 0.0) + 1.0 / (1.0 + abs(r - c)); }

int main(void)
{
    int k, t, r, c, m;
    double dk[B][B], a[B][B], b[B][B];

    upc_forall (t = 0; t < NT * NT; t++; &T[t][0])
        for (r = 0; r < B; r++)
            for (c = 0; c < B; c++)
                T[t][r * B + c] = spd((t / NT) * B + r, (t % NT) * B + c);
    upc_barrier;

    for (k = 0; k < NT; k++) {
        upc_forall (t = k * NT + k; t <= k * NT + k; t++; &T[t][0]) { /* potrf */
            double *d = (double *)&T[t][0];
            for (c = 0; c < B; c++) {
                for (m = 0; m < c; m++) d[c * B + c] -= d[c * B + m] * d[c * B + m];
                d[c * B + c] = sqrt(d[c * B + c]);
                for (r = c + 1; r < B; r++) {
                    for (m = 0; m < c; m++) d[r * B + c] -= d[r * B + m] * d[c * B + m];
                    d[r * B + c] /= d[c * B + c];
                }
            }
        }
        upc_barrier;
        upc_memget(dk, &AT(k, k)[0], sizeof dk);
        upc_forall (t = (k + 1) * NT + k; t < NT * NT; t += NT; &T[t][0]) { /* trsm */
            double *x = (double *)&T[t][0];
            for (r = 0; r < B; r++)
                for (c = 0; c < B; c++) {
                    for (m = 0; m < c; m++) x[r * B + c] -= x[r * B + m] * dk[c][m];
                    x[r * B + c] /= dk[c][c];
                }
        }
        upc_barrier;
        upc_forall (t = 0; t < NT * NT; t++; &T[t][0]) { /* syrk/gemm on the lower part */
            int i = t / NT, j = t % NT;
            double *x;
            if (i <= k || j <= k || j > i)
                continue;
            x = (double *)&T[t][0];
            upc_memget(a, &AT(i, k)[0], sizeof a);
            upc_memget(b, &AT(j, k)[0], sizeof b);
            for (r = 0; r < B; r++)
                for (c = 0; c < B; c++)
                    for (m = 0; m < B; m++)
                        x[r * B + c] -= a[r][m] * b[c][m];
        }
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        double err = 0, logdet = 0;
        int i, j;
#define L(i, j) ((j) > (i) ? 0.0 : AT((i) / B, (j) / B)[((i) % B) * B + (j) % B])
        for (i = 0; i < N; i++) {
            logdet += 2 * log(L(i, i));
            for (j = 0; j <= i; j++) {
                double s = 0;
                for (m = 0; m <= j; m++) s += L(i, m) * L(j, m);
                if (fabs(s - spd(i, j)) > err) err = fabs(s - spd(i, j));
            }
        }
        printf("Cholesky of %dx%d SPD matrix, %d tiles per side\n", N, N, NT);
        printf("L L^T reproduces A: %s\n", err < 1e-11 ? "yes" : "no");
        printf("log det = %.8f\n", logdet);
    }
    return 0;
}
