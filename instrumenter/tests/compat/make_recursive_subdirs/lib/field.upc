#include "halo.h"

shared [*] double field[(NLOC + 2) * THREADS];
shared [*] double next[(NLOC + 2) * THREADS];

/* global index g (0 .. NLOC*THREADS-1) of interior point i of thread t */
void field_init(double (*f)(int))
{
    int i;
    double *mine = (double *)&field[MYTHREAD * (NLOC + 2)];
    for (i = 1; i <= NLOC; i++)
        mine[i] = f(MYTHREAD * NLOC + i - 1);
    mine[0] = mine[NLOC + 1] = 0.0;
    upc_barrier;
}

double field_sum(void)
{
    double s = 0.0;
    int t, i;
    for (t = 0; t < THREADS; t++)
        for (i = 1; i <= NLOC; i++)
            s += field[t * (NLOC + 2) + i];
    return s;
}
