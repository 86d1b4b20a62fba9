/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: after the sweep's barrier every thread combines all entries of `done`, so all threads leave the loop after the same sweep */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 8
shared [N] double x[N * THREADS];
shared int done[THREADS];
shared double result[THREADS];
shared double sweeps;

static double sweep(int it)
{
    int i;
    double diff = 0.0;
    for (i = 0; i < N; i++) {
        double old = x[MYTHREAD * N + i];
        x[MYTHREAD * N + i] = old * 0.5;
        diff += old * 0.5;
    }
    /* the last thread's data happen to be smaller */
    return diff / (MYTHREAD == THREADS - 1 ? 64.0 : 1.0) / (it + 1);
}

int main(void)
{
    int i, it = 0;
    for (i = 0; i < N; i++) x[MYTHREAD * N + i] = 1.0;
    done[MYTHREAD] = 0;
    upc_barrier;
    int all = 0;
    while (!all) {
        int t;
        if (sweep(it) < 0.05) done[MYTHREAD] = 1;
        upc_barrier;
        all = 1;
        for (t = 0; t < THREADS; t++) all = all && done[t];
        upc_barrier;
        it++;
    }
    if (MYTHREAD == 0) sweeps = it;
    upc_all_broadcast(result, &sweeps, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("%d sweeps\n", it);
    return 0;
}
