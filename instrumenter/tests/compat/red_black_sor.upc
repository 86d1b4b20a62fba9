/* red_black_sor.upc -- red-black successive over-relaxation for -u'' = f on a
 * 1D grid with a cyclic distribution: each colour sweep is a upc_forall over
 * the points of that colour, with a barrier between colours, so the result is
 * the same for any number of threads. */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#define N 101
#define SWEEPS 400
#define OMEGA 1.94

/* N points each, cyclic; the program is written for any THREADS */
shared double *u, *f;

int main(void)
{
    int i, s, colour;
    const double h = 1.0 / (N - 1);

    u = (shared double *)upc_all_alloc(N, sizeof(double));
    f = (shared double *)upc_all_alloc(N, sizeof(double));

    upc_forall (i = 0; i < N; i++; &u[i]) {
        u[i] = 0.0;
        f[i] = 1.0; /* exact solution u = x(1-x)/2 */
    }
    upc_barrier;
    for (s = 0; s < SWEEPS; s++)
        for (colour = 0; colour < 2; colour++) {
            upc_forall (i = 1; i < N - 1; i++; &u[i]) {
                if ((i & 1) != colour)
                    continue;
                u[i] = (1 - OMEGA) * u[i] + OMEGA * 0.5 * (u[i - 1] + u[i + 1] + h * h * f[i]);
            }
            upc_barrier;
        }
    if (MYTHREAD == 0) {
        double err = 0;
        for (i = 0; i < N; i++) {
            double x = i * h, e = fabs(u[i] - 0.5 * x * (1 - x));
            if (e > err) err = e;
        }
        printf("u(0.5) = %.8f (exact 0.125)\n", u[N / 2]);
        printf("max error %s 1e-6\n", err < 1e-6 ? "<" : ">=");
    }
    return 0;
}
