/* The 2-D Jacobi stencil of the UPC tutorials: rows of the grid are blocks of a
 * shared array allocated with upc_all_alloc (row r lives on thread r % THREADS),
 * the sweep is a upc_forall over rows with affinity &u[r][0], neighbours' rows
 * are read directly through the pointer-to-shared, the two grids are swapped
 * by exchanging pointers, and the residual is reduced by thread 0 in row
 * order so that the printed numbers do not depend on THREADS. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define N      40
#define STEPS  30

typedef shared [N] double row_t[N];

shared [N] double *ua, *ub;
shared [N] double rowres[N * THREADS];   /* thread 0's block holds the row residuals */

#define AT(g, i, j) (g)[(i) * N + (j)]

static void init(shared [N] double *g)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &AT(g, i, 0))
        for (j = 0; j < N; j++)
            AT(g, i, j) = (i == 0) ? 100.0 : (j == N - 1 ? 50.0 : 0.0);
}

static void sweep(shared [N] double *dst, shared [N] double *src)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &AT(dst, i, 0)) {
        double r = 0.0;
        if (i == 0 || i == N - 1) {
            for (j = 0; j < N; j++)
                AT(dst, i, j) = AT(src, i, j);
        } else {
            AT(dst, i, 0) = AT(src, i, 0);
            AT(dst, i, N - 1) = AT(src, i, N - 1);
            for (j = 1; j < N - 1; j++) {
                double v = 0.25 * (AT(src, i - 1, j) + AT(src, i + 1, j) +
                                   AT(src, i, j - 1) + AT(src, i, j + 1));
                r += fabs(v - AT(src, i, j));
                AT(dst, i, j) = v;
            }
        }
        rowres[i] = r;
    }
}

int main(void)
{
    int step, i;
    shared [N] double *t;

    ua = (shared [N] double *) upc_all_alloc(N, N * sizeof(double));
    ub = (shared [N] double *) upc_all_alloc(N, N * sizeof(double));
    init(ua);
    init(ub);
    upc_barrier;
    for (step = 1; step <= STEPS; step++) {
        double total = 0.0;
        sweep(ub, ua);
        upc_barrier;
        if (step % 10 == 0) {
            if (MYTHREAD == 0) {
                for (i = 0; i < N; i++)
                    total += rowres[i];
                printf("step %2d: residual %.6f  centre %.6f\n", step, total,
                       AT(ub, N / 2, N / 2));
            }
            upc_barrier;
        }
        t = ua; ua = ub; ub = t;
    }
    if (MYTHREAD == 0) {
        double s = 0.0;
        for (i = 0; i < N * N; i++)
            s += ua[i];
        printf("sum %.6f\n", s);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(ua);
        upc_free(ub);
    }
    return 0;
}
