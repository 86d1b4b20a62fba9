/* lu_tiles.upc -- right-looking blocked LU factorization (no pivoting) of a
 * diagonally dominant matrix stored as B x B tiles, one tile per block of a
 * `shared [B*B]` array; the owner of a tile updates it, fetching the tiles it
 * needs with upc_memget. Checked by multiplying L and U back together. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define N 32
#define B 4
#define NT (N / B)

shared [B * B] double A[NT * NT][B * B];
#define TILE(i, j) A[(i) * NT + (j)]
#define OWNS(i, j) (upc_threadof(&TILE(i, j)[0]) == (size_t)MYTHREAD)

static double orig(int r, int c) { return r == c ? 2.0 * N : 1.0 / (1 + r + c) + (r > c ? 0.25 : 0.0); }

static void get_tile(double t[B][B], int i, int j) { upc_memget(t, &TILE(i, j)[0], sizeof(double) * B * B); }
static double *my_tile(int i, int j) { return (double *)&TILE(i, j)[0]; }

int main(void)
{
    int i, j, k, r, c, m;
    double kk[B][B], lik[B][B], ukj[B][B];

    for (i = 0; i < NT; i++)
        for (j = 0; j < NT; j++)
            if (OWNS(i, j)) {
                double *t = my_tile(i, j);
                for (r = 0; r < B; r++)
                    for (c = 0; c < B; c++)
                        t[r * B + c] = orig(i * B + r, j * B + c);
            }
    upc_barrier;

    for (k = 0; k < NT; k++) {
        if (OWNS(k, k)) { /* unblocked LU of the diagonal tile */
            double *t = my_tile(k, k);
            for (m = 0; m < B; m++)
                for (r = m + 1; r < B; r++) {
                    t[r * B + m] /= t[m * B + m];
                    for (c = m + 1; c < B; c++)
                        t[r * B + c] -= t[r * B + m] * t[m * B + c];
                }
        }
        upc_barrier;
        get_tile(kk, k, k);
        for (j = k + 1; j < NT; j++)
            if (OWNS(k, j)) { /* U_kj = L_kk^-1 A_kj */
                double *t = my_tile(k, j);
                for (c = 0; c < B; c++)
                    for (r = 1; r < B; r++)
                        for (m = 0; m < r; m++)
                            t[r * B + c] -= kk[r][m] * t[m * B + c];
            }
        for (i = k + 1; i < NT; i++)
            if (OWNS(i, k)) { /* L_ik = A_ik U_kk^-1 */
                double *t = my_tile(i, k);
                for (r = 0; r < B; r++)
                    for (c = 0; c < B; c++) {
                        for (m = 0; m < c; m++)
                            t[r * B + c] -= t[r * B + m] * kk[m][c];
                        t[r * B + c] /= kk[c][c];
                    }
            }
        upc_barrier;
        for (i = k + 1; i < NT; i++)
            for (j = k + 1; j < NT; j++)
                if (OWNS(i, j)) {
                    double *t = my_tile(i, j);
                    get_tile(lik, i, k);
                    get_tile(ukj, k, j);
                    for (r = 0; r < B; r++)
                        for (c = 0; c < B; c++)
                            for (m = 0; m < B; m++)
                                t[r * B + c] -= lik[r][m] * ukj[m][c];
                }
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        static double L[N][N], U[N][N];
        double maxerr = 0, logdet = 0;
        for (r = 0; r < N; r++)
            for (c = 0; c < N; c++) {
                double v = TILE(r / B, c / B)[(r % B) * B + c % B];
                L[r][c] = r > c ? v : (r == c ? 1.0 : 0.0);
                U[r][c] = r <= c ? v : 0.0;
            }
        for (r = 0; r < N; r++) {
            logdet += log(fabs(U[r][r]));
            for (c = 0; c < N; c++) {
                double s = 0;
                for (m = 0; m < N; m++) s += L[r][m] * U[m][c];
                if (fabs(s - orig(r, c)) > maxerr) maxerr = fabs(s - orig(r, c));
            }
        }
        printf("LU of %dx%d in %dx%d tiles\n", N, N, B, B);
        printf("log|det| = %.6f\n", logdet);
        printf("residual %s\n", maxerr < 1e-12 ? "ok" : "too large");
    }
    return 0;
}
