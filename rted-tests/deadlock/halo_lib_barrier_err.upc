/* upc-check-test
 * expect: collective-mismatch
 * line: 25 halo_lib_barrier_lib.upc:11 halo_lib_barrier_lib.upc:14
 * threads: 2 4 8
 * files: halo_lib_barrier_lib.upc
 */
/* Error: the caller skips halo_exchange() on the last thread ("it has no right neighbour"), not knowing that the library function has barriers inside, so the last thread reaches the broadcast while the others are at the library's barrier */
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
    if (MYTHREAD < THREADS - 1)
        halo_exchange();
    upc_all_broadcast(gencopy, &gen, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("ghost %g gen %d\n", ghost[0], gencopy[0]);
    return 0;
}
