/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of jacobi_rows_2d_err.upc: two grids, each sweep reads the old one and writes
   the new one, with a barrier between sweeps. */
#include <upc.h>
#include <stdio.h>

#define N 32
shared [N] double g[THREADS][N];
shared [N] double h[THREADS][N];

int main(void)
{
    int r, c, it;
    upc_forall (r = 0; r < THREADS; r++; &g[r][0])
        for (c = 0; c < N; c++) {
            g[r][c] = r + c;
            h[r][c] = r + c;
        }
    upc_barrier;
    for (it = 0; it < 2; it++) {
        upc_forall (r = 0; r < THREADS; r++; &g[r][0]) {
            for (c = 1; c < N - 1; c++) {
                double below = (r + 1 < THREADS) ? g[r + 1][c] : 0.0;
                h[r][c] = 0.5 * (g[r][c - 1] + below);
            }
        }
        upc_barrier;
        upc_forall (r = 0; r < THREADS; r++; &g[r][0])
            for (c = 1; c < N - 1; c++)
                g[r][c] = h[r][c];
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("%g\n", g[0][1]);
    return 0;
}
