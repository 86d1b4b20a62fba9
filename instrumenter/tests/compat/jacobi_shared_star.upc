/*
 * Jacobi iteration for Laplace's equation on a `shared [*]` two-dimensional
 * grid (one contiguous band of ROWS rows per thread), rows periodic, columns
 * held at 1 on the left and 0 on the right.  Each thread updates its band
 * from the neighbours' edge rows, which it reads straight from shared memory;
 * two grids alternate (U(k, r, c) picks one), with a barrier between sweeps,
 * and the residual is reduced with upc_all_reduceD.  Every row of the solution is the same and
 * each is computed with the same operations whatever the thread count.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define ROWS 4
#define N 34
#define SWEEPS 400

shared [*] double ua[ROWS * THREADS][N], ub[ROWS * THREADS][N];
#define U(k, r, c) (*((k) ? &ub[r][c] : &ua[r][c]))
shared double res[THREADS];
shared double maxres;

int main(void)
{
    int r, c, s, cur = 0;
    int first = MYTHREAD * ROWS, nrows = ROWS * THREADS;

    for (r = first; r < first + ROWS; r++)
        for (c = 0; c < N; c++) {
            U(0, r, c) = c == 0 ? 1.0 : 0.0;
            U(1, r, c) = c == 0 ? 1.0 : 0.0;
        }
    if (upc_threadof(&ua[first][0]) != MYTHREAD ||
        upc_threadof(&ub[first + ROWS - 1][N - 1]) != MYTHREAD)
        printf("thread %d: the band is not mine\n", MYTHREAD);
    upc_barrier;

    for (s = 0; s < SWEEPS; s++) {
        double d = 0;
        int nxt = 1 - cur;
        for (r = first; r < first + ROWS; r++) {
            int up = (r + nrows - 1) % nrows, dn = (r + 1) % nrows;
            for (c = 1; c < N - 1; c++) {
                double v = 0.25 * (U(cur, up, c) + U(cur, dn, c) + U(cur, r, c - 1) +
                                   U(cur, r, c + 1));
                double e = fabs(v - U(cur, r, c));
                if (e > d)
                    d = e;
                U(nxt, r, c) = v;
            }
        }
        cur = nxt;
        res[MYTHREAD] = d;
        upc_barrier;
    }
    upc_all_reduceD(&maxres, res, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0) {
        int same = 1;
        for (r = 0; r < nrows; r++)
            for (c = 0; c < N; c++)
                same &= U(cur, r, c) == U(cur, 0, c);
        printf("after %d sweeps: residual %.3e\n", SWEEPS, maxres);
        for (c = 0; c < N; c += 11)
            printf("u[.][%2d] = %.8f\n", c, U(cur, 0, c));
        printf("rows identical: %s\n", same ? "yes" : "no");
    }
    return 0;
}
