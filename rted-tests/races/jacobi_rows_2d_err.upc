/* upc-check-test
 * expect: data-race
 * line: 26 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: jacobi_rows_2d_err.upc:26 and jacobi_rows_2d_err.upc:27
 */
/* A 2-D grid with one row per thread (`shared [N] double g[THREADS][N]`), relaxed in place:
   each row's update reads the row below, which its owner updates in the same sweep. */
#include <upc.h>
#include <stdio.h>

#define N 32
shared [N] double g[THREADS][N];

int main(void)
{
    int r, c, it;
    upc_forall (r = 0; r < THREADS; r++; &g[r][0])
        for (c = 0; c < N; c++)
            g[r][c] = r + c;
    upc_barrier;
    for (it = 0; it < 2; it++) {
        upc_forall (r = 0; r < THREADS; r++; &g[r][0]) {
            for (c = 1; c < N - 1; c++) {
                double below = (r + 1 < THREADS) ? g[r + 1][c] : 0.0;
                g[r][c] = 0.5 * (g[r][c - 1] + below);
            }
        }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("%g\n", g[0][1]);
    return 0;
}
