/* Sparse matrix-vector products in ELLPACK format, as GPU-era codes ported to
 * UPC store them: fixed-width rows of column indices and values in shared
 * arrays whose blocks are whole rows (shared [W]), the vector read directly
 * (remote for most columns), ten power-iteration steps with a scaling by the
 * maximum (upc_all_reduceD with UPC_MAX) and integer-exact values. */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define NR 96
#define W 5

shared [W] int *col;
shared [W] double *val;
shared double *x, *y;
shared double mx[THREADS], gmax;

int main(void)
{
    int i, j, it;
    col = (shared [W] int *) upc_all_alloc(NR, W * sizeof(int));
    val = (shared [W] double *) upc_all_alloc(NR, W * sizeof(double));
    x = (shared double *) upc_all_alloc(NR, sizeof(double));
    y = (shared double *) upc_all_alloc(NR, sizeof(double));
    upc_forall (i = 0; i < NR; i++; &col[i * W]) {
        int c[W] = { i, (i + 1) % NR, (i + NR - 1) % NR, (i * 7) % NR, (i * 13 + 5) % NR };
        for (j = 0; j < W; j++) {
            col[i * W + j] = c[j];
            val[i * W + j] = j == 0 ? 2.0 : (j % 2 ? 0.5 : 0.25);
        }
    }
    upc_forall (i = 0; i < NR; i++; &x[i])
        x[i] = 1.0 + (i % 3);
    upc_barrier;
    for (it = 0; it < 10; it++) {
        double m = 0;
        upc_forall (i = 0; i < NR; i++; &y[i]) {
            double s = 0;
            for (j = 0; j < W; j++)
                s += val[i * W + j] * x[col[i * W + j]];
            y[i] = s;
            if (s > m) m = s;
        }
        mx[MYTHREAD] = m;
        upc_all_reduceD(&gmax, mx, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        m = gmax;
        upc_forall (i = 0; i < NR; i++; &x[i])
            x[i] = y[i] / m;
        upc_barrier;
        if (MYTHREAD == 0 && (it == 0 || it == 9))
            printf("step %d: max %.9f x[0] %.9f x[%d] %.9f\n", it + 1, m, x[0], NR - 1, x[NR - 1]);
    }
    return 0;
}
