/* Dynamically allocated 2-D shared matrices addressed through pointers to
 * arrays, pointer differences and comparisons (Berkeley test-suite style). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 6
typedef shared [N] double row_t[N];

int main(void)
{
    shared [N] double (*m)[N];
    shared [N] double (*g)[N];
    shared [N] double *e, *f;
    shared int *ip, *iq;
    shared int *arr;
    int i, j, errs = 0;
    ptrdiff_t d;

    m = (shared [N] double (*)[N]) upc_all_alloc(THREADS, N * N * sizeof(double));
    g = upc_all_alloc(THREADS, sizeof(row_t));
    arr = (shared int *) upc_all_alloc(THREADS * 4, sizeof(int));
    if (m == NULL || g == NULL || arr == NULL) { printf("alloc failed\n"); return 1; }

    for (i = 0; i < THREADS * N; i++)
        if (upc_threadof(&m[i][0]) == MYTHREAD)
            for (j = 0; j < N; j++) {
                m[i][j] = i * 10 + j;
                if (i < THREADS) g[i][j] = -j;
            }
    upc_forall (i = 0; i < THREADS * 4; i++; &arr[i]) arr[i] = i;
    upc_barrier;

    /* row pointers: one row is one block */
    for (i = 0; i < THREADS * N; i++) {
        if (upc_threadof(m + i) != (size_t)(i % THREADS)) errs++;
        if (m[i][N-1] != i * 10 + N - 1) errs++;
    }
    e = &m[1][2];
    f = &m[3][5];
    d = f - e;
    if (d != 2 * N + 3) errs++;
    if (!(e < f) || e == f || (e + d) != f) errs++;
    if (upc_phaseof(e) != 2 || upc_phaseof(e + N) != 2) errs++;
    if (*(e + N) != m[2][2]) errs++;
    if ((&m[THREADS - 1][0] - &m[0][0]) != (THREADS - 1) * N) errs++;
    if ((m + 2) - m != 2) errs++;
    if ((*(m + 1))[1] != 11.0) errs++;
    if (g[THREADS - 1][N - 1] != -(N - 1)) errs++;

    ip = &arr[1];
    iq = ip + THREADS;
    if (iq - ip != THREADS || upc_threadof(iq) != upc_threadof(ip)) errs++;
    ip = (MYTHREAD & 1) ? NULL : ip;
    iq = ip ? ip : &arr[0];
    if (*iq != ((MYTHREAD & 1) ? 0 : 1)) errs++;
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(m);
        upc_free(g);
        upc_free(arr);
    }
    if (errs) printf("thread %d: %d errors\n", MYTHREAD, errs);
    upc_barrier;
    if (MYTHREAD == 0) printf("alloc_ptr_to_array: %s\n", errs ? "FAILED" : "passed");
    return errs != 0;
}
