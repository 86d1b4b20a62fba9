/* STREAM triad (and copy/scale/add) in C with OpenMP, for comparison with stream.upc:
 * same N, NTIMES, REPS; a static schedule gives each thread one contiguous part.
 * Output: "omp kernel GB/s" lines, then "check ok".                                     */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#ifndef N
#define N (1 << 22)
#endif
#ifndef NTIMES
#define NTIMES 10
#endif
#ifndef REPS
#define REPS 1
#endif

static double *a, *b, *c;

int main(void)
{
    const double s = 3.0;
    double best[4] = {1e30, 1e30, 1e30, 1e30};
    static const char *names[4] = {"copy", "scale", "add", "triad"};
    static const double words[4] = {2, 2, 3, 3};
    a = malloc(N * sizeof(double));
    b = malloc(N * sizeof(double));
    c = malloc(N * sizeof(double));
    if (!a || !b || !c)
        return 1;
#pragma omp parallel for schedule(static)
    for (long j = 0; j < N; j++) {
        a[j] = 1; b[j] = 2; c[j] = 0;
    }
    for (int it = 0; it < NTIMES; it++) {
        double t[5];
        t[0] = omp_get_wtime();
        for (int r = 0; r < REPS; r++) {
#pragma omp parallel for schedule(static)
            for (long j = 0; j < N; j++) c[j] = a[j];
        }
        t[1] = omp_get_wtime();
        for (int r = 0; r < REPS; r++) {
#pragma omp parallel for schedule(static)
            for (long j = 0; j < N; j++) b[j] = s * c[j];
        }
        t[2] = omp_get_wtime();
        for (int r = 0; r < REPS; r++) {
#pragma omp parallel for schedule(static)
            for (long j = 0; j < N; j++) c[j] = a[j] + b[j];
        }
        t[3] = omp_get_wtime();
        for (int r = 0; r < REPS; r++) {
#pragma omp parallel for schedule(static)
            for (long j = 0; j < N; j++) a[j] = b[j] + s * c[j];
        }
        t[4] = omp_get_wtime();
        for (int k = 0; k < 4; k++)
            if (t[k + 1] - t[k] < best[k])
                best[k] = t[k + 1] - t[k];
    }
    for (int k = 0; k < 4; k++)
        printf("omp %s %.2f\n", names[k], words[k] * sizeof(double) * (double)N * REPS / best[k] / 1e9);
    /* one round from the initial values */
    long bad = 0;
#pragma omp parallel for schedule(static)
    for (long j = 0; j < N; j++) {
        a[j] = 1; b[j] = 2; c[j] = 0;
    }
#pragma omp parallel for schedule(static)
    for (long j = 0; j < N; j++) c[j] = a[j];
#pragma omp parallel for schedule(static)
    for (long j = 0; j < N; j++) b[j] = s * c[j];
#pragma omp parallel for schedule(static)
    for (long j = 0; j < N; j++) c[j] = a[j] + b[j];
#pragma omp parallel for schedule(static) reduction(+ : bad)
    for (long j = 0; j < N; j++) {
        a[j] = b[j] + s * c[j];
        bad += a[j] != 15 || b[j] != 3 || c[j] != 4;
    }
    printf("check %s\n", bad ? "FAILED" : "ok");
    free(a); free(b); free(c);
    return bad != 0;
}
