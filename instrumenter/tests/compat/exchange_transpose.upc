/* exchange_transpose.upc -- distributed matrix transpose with upc_all_exchange:
 * the matrix is (THREADS*R) x (THREADS*R) with R rows per thread; each thread
 * packs the R x R sub-blocks of its rows for every destination, one exchange
 * moves them, and each thread transposes the blocks it received. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define R 3

int main(void)
{
    int n = R * THREADS, t, i, j, bad = 0;
    size_t blk = R * R * sizeof(int);
    /* src/dst of the exchange: THREADS blocks of `blk` bytes on every thread */
    shared void *src = upc_all_alloc(THREADS, THREADS * blk);
    shared void *dst = upc_all_alloc(THREADS, THREADS * blk);
    int *send, *recv;
    int *rows = malloc(sizeof(int) * R * n), *trows = malloc(sizeof(int) * R * n);
    static shared int errors[THREADS];

    /* my rows: global rows MYTHREAD*R .. +R-1, A[r][c] = r*1000 + c */
    for (i = 0; i < R; i++)
        for (j = 0; j < n; j++)
            rows[i * n + j] = (MYTHREAD * R + i) * 1000 + j;
    /* local pointers to my own block of each allocation */
    send = (int *)(((shared char *)src) + MYTHREAD);
    recv = (int *)(((shared char *)dst) + MYTHREAD);
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < R; i++)
            for (j = 0; j < R; j++)
                send[t * R * R + i * R + j] = rows[i * n + t * R + j];
    upc_all_exchange(dst, src, blk, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    /* block t came from thread t: rows t*R.., my columns; transpose it */
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < R; i++)
            for (j = 0; j < R; j++)
                trows[j * n + t * R + i] = recv[t * R * R + i * R + j];
    for (i = 0; i < R; i++)
        for (j = 0; j < n; j++)
            if (trows[i * n + j] != j * 1000 + MYTHREAD * R + i)
                bad++;
    errors[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 1; t < THREADS; t++) bad += errors[t];
        printf("transpose of %dx%d blocks by upc_all_exchange: %s\n", R, R, bad ? "WRONG" : "ok");
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(src);
        upc_free(dst);
    }
    free(rows);
    free(trows);
    return 0;
}
