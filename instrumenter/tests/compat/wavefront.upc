/*
 * Pipelined wavefront over a 2-D table: a[i][j] = a[i-1][j] + a[i][j-1] (mod M).
 * Columns are distributed in blocks; thread t may compute row i of its columns
 * once thread t-1 has finished row i, which it announces through a strict flag.
 */
#include <upc.h>
#include <stdio.h>

#define COLS 6                       /* columns per thread */
#define NROWS 20
#define MOD 1000003

shared [COLS] int a[NROWS][COLS*THREADS];
strict shared int progress[THREADS];          /* last finished row of each thread */

int main(void)
{
    int i, j, ncols = COLS * THREADS;
    int lo = MYTHREAD * COLS, hi = lo + COLS;

    progress[MYTHREAD] = -1;
    upc_barrier;

    for (i = 0; i < NROWS; i++) {
        if (MYTHREAD > 0)
            while (progress[MYTHREAD - 1] < i)
                ;                                   /* wait for the left neighbour */
        for (j = lo; j < hi; j++) {
            int up = i > 0 ? a[i - 1][j] : 1;
            int left = j > 0 ? a[i][j - 1] : 1;
            a[i][j] = (up + left) % MOD;
        }
        progress[MYTHREAD] = i;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        static int ref[NROWS][8 * COLS];
        int bad = 0;
        for (i = 0; i < NROWS; i++)
            for (j = 0; j < ncols; j++) {
                int up = i > 0 ? ref[i - 1][j] : 1;
                int left = j > 0 ? ref[i][j - 1] : 1;
                ref[i][j] = (up + left) % MOD;
                if (a[i][j] != ref[i][j])
                    bad++;
            }
        printf("wavefront: %d of %d entries wrong\n", bad, NROWS * ncols / THREADS * THREADS);
    }
    return 0;
}
