/* fft2d_memget.upc -- 2D FFT the way the textbook codes do it: radix-2 FFTs of
 * the rows each thread owns, a transpose that pulls rows of the other threads
 * with upc_memget, FFTs of the rows again; checked against a direct DFT.
 * Complex numbers are C99 `double complex`. */
#include <upc.h>
#include <stdio.h>
#include <complex.h>
#include <math.h>

#define N 16
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

shared [N] double complex X[N][N];   /* row r has affinity to thread r % THREADS */
shared [N] double complex Y[N][N];

static void fft(double complex *a, int n)
{
    int i, j, len, k;
    for (i = 1, j = 0; i < n; i++) { /* bit reversal */
        int bit = n >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) { double complex t = a[i]; a[i] = a[j]; a[j] = t; }
    }
    for (len = 2; len <= n; len <<= 1) {
        double complex w = cexp(-2.0 * M_PI * I / len);
        for (i = 0; i < n; i += len) {
            double complex wk = 1.0;
            for (k = 0; k < len / 2; k++) {
                double complex u = a[i + k], v = a[i + k + len / 2] * wk;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
                wk *= w;
            }
        }
    }
}

static double complex input(int r, int c) { return (double)((r * 7 + c * 3) % 11) - 5.0 + I * (double)((r + 2 * c) % 5); }

int main(void)
{
    int r, c;
    double complex row[N];

    upc_forall (r = 0; r < N; r++; &X[r][0]) {
        for (c = 0; c < N; c++) row[c] = input(r, c);
        fft(row, N);
        upc_memput(&X[r][0], row, sizeof row);
    }
    upc_barrier;
    /* transpose: Y[r][c] = X[c][r], gathering column r from every row */
    upc_forall (r = 0; r < N; r++; &Y[r][0]) {
        double complex src[N];
        for (c = 0; c < N; c++) {
            upc_memget(src, &X[c][0], sizeof src);
            row[c] = src[r];
        }
        fft(row, N);
        upc_memput(&Y[r][0], row, sizeof row);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        double err = 0, sumre = 0;
        int u, v;
        for (u = 0; u < N; u++)
            for (v = 0; v < N; v++) {
                double complex s = 0;
                for (r = 0; r < N; r++)
                    for (c = 0; c < N; c++)
                        s += input(r, c) * cexp(-2.0 * M_PI * I * ((double)(u * c) / N + (double)(v * r) / N));
                /* Y holds the transposed spectrum: Y[u][v] = F[v][u] */
                if (cabs(s - Y[u][v]) > err) err = cabs(s - Y[u][v]);
                sumre += creal(Y[u][v]);
            }
        printf("2D FFT %dx%d: max error vs DFT %s\n", N, N, err < 1e-9 ? "< 1e-9" : "TOO LARGE");
        printf("DC term = %.1f%+.1fi\n", creal(Y[0][0]), cimag(Y[0][0]));
        printf("sum of real parts = %.3f\n", sumre);
    }
    return 0;
}
