/* upc-check-test
 * expect: collective-mismatch
 * line: 38 42
 * threads: 2 4 8
 */
/* Error: the convergence test reads the thread's own entry of the shared `done` array instead of a value all threads agree on; the last thread converges one sweep earlier, skips the sweep's barrier and reaches the broadcast while the others wait at the barrier */
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
    while (!done[MYTHREAD]) {
        if (sweep(it) < 0.05) done[MYTHREAD] = 1;
        upc_barrier;
        it++;
    }
    if (MYTHREAD == 0) sweeps = it;
    upc_all_broadcast(result, &sweeps, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("%d sweeps\n", it);
    return 0;
}
