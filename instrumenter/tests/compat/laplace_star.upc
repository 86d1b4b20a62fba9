/* laplace_star.upc -- 2D Laplace (Jacobi) iteration on a grid distributed with
 * `shared [*]` (one contiguous chunk of rows per thread, however many threads),
 * the convergence test reduced through a shared array of per-thread maxima. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define NX 24
#define NY 24
#define MAXIT 500
#define TOL 1e-2

shared [*] double u[NX][NY];
shared [*] double unew[NX][NY];
shared double dmax[THREADS];

int main(void)
{
    int i, j, it;
    double diff = 0;

    upc_forall (i = 0; i < NX; i++; &u[i][0])
        for (j = 0; j < NY; j++) {
            u[i][j] = (i == 0) ? 100.0 : 0.0; /* hot top edge */
            unew[i][j] = u[i][j];
        }
    upc_barrier;
    for (it = 1; it <= MAXIT; it++) {
        double local = 0;
        for (i = 1; i < NX - 1; i++) {
            for (j = 1; j < NY - 1; j++) {
                if (upc_threadof(&unew[i][j]) != (size_t)MYTHREAD)
                    continue;
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
                if (fabs(unew[i][j] - u[i][j]) > local)
                    local = fabs(unew[i][j] - u[i][j]);
            }
        }
        dmax[MYTHREAD] = local;
        upc_barrier;
        diff = 0;
        for (i = 0; i < THREADS; i++)
            if (dmax[i] > diff) diff = dmax[i];
        upc_forall (i = 1; i < NX - 1; i++; &u[i][0])
            for (j = 1; j < NY - 1; j++)
                if (upc_threadof(&u[i][j]) == (size_t)MYTHREAD)
                    u[i][j] = unew[i][j];
        /* elements of row i owned by other threads: copied by their owners */
        for (i = 1; i < NX - 1; i++)
            if (upc_threadof(&u[i][0]) != (size_t)MYTHREAD)
                for (j = 1; j < NY - 1; j++)
                    if (upc_threadof(&u[i][j]) == (size_t)MYTHREAD)
                        u[i][j] = unew[i][j];
        upc_barrier;
        if (diff < TOL)
            break;
    }
    if (MYTHREAD == 0) {
        printf("block size of u: %s\n",
               upc_blocksizeof(u) == (NX * NY + THREADS - 1) / THREADS ? "ceil(NX*NY/THREADS)" : "WRONG");
        printf("converged after %d iterations (diff %.2e < %.0e)\n", it, diff, TOL);
        printf("u[1][NY/2] = %.6f, u[NX/2][NY/2] = %.6f\n", u[1][NY / 2], u[NX / 2][NY / 2]);
    }
    return 0;
}
