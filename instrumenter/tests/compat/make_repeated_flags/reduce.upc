#include <upc.h>
#include "kern.h"

double reduce_field(void)
{
    int i;
    double s = 0, t = 0;
    upc_forall (i = 0; i < CELLS * THREADS; i++; &field[i])
        s += field[i];
    partial[MYTHREAD] = s;
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        t += partial[i];
    upc_barrier;
    return t;
}
