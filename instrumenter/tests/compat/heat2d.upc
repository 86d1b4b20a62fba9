/*
 * heat2d.upc -- 2-D heat diffusion (5-point stencil) iterated until convergence.
 * Rows are distributed in blocks of ROWS rows per thread; ghost rows are read
 * from the neighbours with upc_memget; the global residual is combined with
 * upc_all_reduceD.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define NX     16
#define ROWS   4
#define NY     (ROWS*THREADS)
#define EPS    1.0e-4
#define MAXIT  5000

shared [ROWS*NX] double grid[2][ROWS*THREADS][NX];
shared double resid[THREADS];
shared double gresid;
shared int iterations;

int main(void)
{
    int i, j, it, cur = 0;
    int lo = MYTHREAD * ROWS, hi = lo + ROWS;
    double up[NX], down[NX];

    /* boundary: top edge hot (100), others 0 */
    for (i = lo; i < hi; i++)
        for (j = 0; j < NX; j++) {
            grid[0][i][j] = (i == 0) ? 100.0 : 0.0;
            grid[1][i][j] = grid[0][i][j];
        }
    upc_barrier;

    for (it = 0; it < MAXIT; it++) {
        int nxt = 1 - cur;
        double r = 0.0;
        if (lo > 0)
            upc_memget(up, &grid[cur][lo - 1][0], NX * sizeof(double));
        if (hi < NY)
            upc_memget(down, &grid[cur][hi][0], NX * sizeof(double));
        for (i = lo; i < hi; i++) {
            if (i == 0 || i == NY - 1)
                continue;
            for (j = 1; j < NX - 1; j++) {
                double n = (i - 1 < lo) ? up[j] : grid[cur][i - 1][j];
                double s = (i + 1 >= hi) ? down[j] : grid[cur][i + 1][j];
                double v = 0.25 * (n + s + grid[cur][i][j - 1] + grid[cur][i][j + 1]);
                r = fmax(r, fabs(v - grid[cur][i][j]));
                grid[nxt][i][j] = v;
            }
        }
        resid[MYTHREAD] = r;
        upc_all_reduceD(&gresid, resid, UPC_MAX, THREADS, 1, NULL,
                        UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        cur = nxt;
        if (gresid < EPS)
            break;
    }
    if (MYTHREAD == 0)
        iterations = it;
    upc_barrier;

    if (MYTHREAD == 0) {
        /* the converged interior satisfies the discrete Laplace equation */
        double worst = 0.0;
        for (i = 1; i < NY - 1; i++)
            for (j = 1; j < NX - 1; j++) {
                double v = grid[cur][i][j];
                double avg = 0.25 * (grid[cur][i-1][j] + grid[cur][i+1][j]
                                     + grid[cur][i][j-1] + grid[cur][i][j+1]);
                worst = fmax(worst, fabs(v - avg));
            }
        printf("converged: %s\n", iterations < MAXIT ? "yes" : "no");
        printf("interior residual below %g: %s\n", 2 * EPS, worst < 2 * EPS ? "yes" : "no");
        printf("monotone down the plate: %s\n",
               NY < 3 || grid[cur][1][NX/2] >= grid[cur][NY-2][NX/2] ? "yes" : "no");
    }
    return 0;
}
