/* heat_ptr_swap.upc -- explicit 1D heat equation with two shared grids and a
 * pointer-to-shared swap after every step (the double-buffering idiom), fixed
 * boundary values, owner-computes through upc_forall over the pointers. */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#define N 200
#define STEPS 150

shared double *grid_a, *grid_b; /* N elements each, cyclic */
shared double partial[THREADS];

int main(void)
{
    shared double *cur, *nxt, *tmp;
    const double alpha = 0.25;
    int i, s;

    grid_a = (shared double *)upc_all_alloc(N, sizeof(double));
    grid_b = (shared double *)upc_all_alloc(N, sizeof(double));
    cur = grid_a;
    nxt = grid_b;

    upc_forall (i = 0; i < N; i++; &cur[i]) {
        double x = (double)i / (N - 1);
        cur[i] = nxt[i] = (i == 0) ? 1.0 : (i == N - 1 ? 0.0 : sin(3.0 * x) * 0.5);
    }
    upc_barrier;
    for (s = 0; s < STEPS; s++) {
        upc_forall (i = 1; i < N - 1; i++; &nxt[i])
            nxt[i] = cur[i] + alpha * (cur[i - 1] - 2.0 * cur[i] + cur[i + 1]);
        upc_barrier;
        tmp = cur; cur = nxt; nxt = tmp;
    }
    if (MYTHREAD == 0) {
        double sum = 0;
        for (i = 0; i < N; i++) sum += cur[i];
        printf("after %d steps cur is grid_%c\n", STEPS, cur == grid_a ? 'a' : 'b');
        printf("u[1]=%.10f u[N/2]=%.10f sum=%.10f\n", cur[1], cur[N / 2], sum);
    }
    return 0;
}
