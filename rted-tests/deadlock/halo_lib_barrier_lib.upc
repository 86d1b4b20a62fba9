#include <upc.h>
#include "halo_lib_barrier.h"

shared [HALO_N] double field[HALO_N * THREADS];
shared double ghost[THREADS];

/* copies the right neighbour's first value into ghost[]; the last thread has no right
   neighbour and keeps its ghost */
void halo_exchange(void)
{
    upc_barrier;
    if (MYTHREAD < THREADS - 1)
        ghost[MYTHREAD] = field[(MYTHREAD + 1) * HALO_N];
    upc_barrier;
}
