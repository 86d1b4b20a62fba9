/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: halo_lib_barrier_lib.upc
 */
/* OK: every thread calls halo_exchange(); the library leaves the last thread's ghost alone */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include "halo_lib_barrier.h"

shared int gen;
shared int gencopy[THREADS];

int main(void)
{
    int i;
    for (i = 0; i < HALO_N; i++)
        field[MYTHREAD * HALO_N + i] = MYTHREAD;
    if (MYTHREAD == 0)
        gen = 3;
    halo_exchange();
    upc_all_broadcast(gencopy, &gen, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("ghost %g gen %d\n", ghost[0], gencopy[0]);
    return 0;
}
