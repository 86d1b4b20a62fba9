/* upc-check-test
 * expect: collective-mismatch
 * line: 31 35
 * threads: 2 3 4
 * report: upc_all_broadcast
 * report: upc_all_scatter
 */
/* Error: a benchmark harness runs its kernels from a table of collective functions; the table is filled in the order given by a per-thread configuration, which the last thread reads backwards, so at the first step it calls upc_all_scatter through the pointer where the others call upc_all_broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NB 8

typedef void (*coll_fn)(shared void *, shared const void *, size_t, upc_flag_t);

shared [] int source[NB * 64];   /* room for up to 64 threads */
shared [NB] int target[NB * THREADS];
shared int reversed[THREADS];

int main(void)
{
    coll_fn kernel[2];
    int step, i;
    if (MYTHREAD == 0)
        for (i = 0; i < NB * THREADS; i++)
            source[i] = i;
    reversed[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    if (!reversed[MYTHREAD]) {
        kernel[0] = upc_all_broadcast;
        kernel[1] = upc_all_scatter;
    } else {
        kernel[1] = upc_all_broadcast;
        kernel[0] = upc_all_scatter;
    }
    for (step = 0; step < 4; step++)
        kernel[step % 2](target, source, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("target[1] = %d\n", target[1]);
    return 0;
}
