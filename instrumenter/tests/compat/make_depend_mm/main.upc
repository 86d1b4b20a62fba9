#include <upc.h>
#include <stdio.h>
#include "solver.h"

shared double totals[THREADS];

int main(void)
{
    totals[MYTHREAD] = solve(PARAM_STEPS);
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, same = 1;
        for (t = 1; t < THREADS; t++)
            same &= totals[t] == totals[0];
        printf("%d cells, %d steps: total %.6f, threads agree: %s\n", PARAM_CELLS, PARAM_STEPS,
               totals[0], same ? "yes" : "no");
    }
    return 0;
}
