/* upc-check-test
 * expect: clean
 * threads: 1 2 4 8
 * stdout: heat: energy conserved
 */
/* 1-D heat diffusion on a ring with an explicit scheme: every step reads the neighbours of
 * the old grid, writes the new grid, and a barrier separates the steps. The total heat is
 * conserved. */
#include <upc.h>
#include <stdio.h>

#define N 32
#define STEPS 200
shared [N] double grid[2][N * THREADS];

int main(void)
{
    int i, step, cur = 0;
    double before = 0.0, after = 0.0;

    upc_forall (i = 0; i < N * THREADS; i++; &grid[0][i])
        grid[0][i] = (i == 0) ? 1000.0 : 0.0;
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        int nxt = 1 - cur;
        upc_forall (i = 0; i < N * THREADS; i++; &grid[nxt][i]) {
            int l = (i + N * THREADS - 1) % (N * THREADS), r = (i + 1) % (N * THREADS);
            grid[nxt][i] = grid[cur][i] + 0.25 * (grid[cur][l] - 2.0 * grid[cur][i] + grid[cur][r]);
        }
        upc_barrier;
        cur = nxt;
    }

    if (MYTHREAD == 0) {
        before = 1000.0;
        for (i = 0; i < N * THREADS; i++) after += grid[cur][i];
        printf("heat: energy %s (%.6f -> %.6f), peak now %.3f\n",
               (after - before < 1e-6 && before - after < 1e-6) ? "conserved" : "LOST", before, after, grid[cur][0]);
    }
    return 0;
}
