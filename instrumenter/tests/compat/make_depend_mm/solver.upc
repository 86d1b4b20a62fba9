#include <upc.h>
#include "solver.h"

shared [PARAM_CELLS] double cells[PARAM_CELLS * THREADS];

double solve(int steps)
{
    int s, i;
    double total = 0;
    for (i = 0; i < PARAM_CELLS; i++)
        cells[MYTHREAD * PARAM_CELLS + i] = i % 2;
    for (s = 0; s < steps; s++) {
        for (i = 1; i < PARAM_CELLS - 1; i++)
            cells[MYTHREAD * PARAM_CELLS + i] =
                0.5 * (cells[MYTHREAD * PARAM_CELLS + i - 1] + cells[MYTHREAD * PARAM_CELLS + i + 1]);
    }
    for (i = 0; i < PARAM_CELLS; i++)
        total += cells[MYTHREAD * PARAM_CELLS + i];
    return total;
}
