/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: memget_extern_store_lib.upc
 * flags: -DNPART=12
 */
/* OK: the copy of the neighbour's particles takes NPART particles, the whole block */
#include <upc.h>
#include <stdio.h>
#include "memget_extern_store.h"

int main(void)
{
    particle_t local[NPART + 1];
    int i, nb = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < NPART; i++)
        store[MYTHREAD * NPART + i].cell = MYTHREAD;
    upc_barrier;
    upc_memget(local, &store[nb * NPART], NPART * sizeof(particle_t));
    upc_barrier;
    if (MYTHREAD == 0)
        printf("cell %d\n", local[0].cell);
    return 0;
}
