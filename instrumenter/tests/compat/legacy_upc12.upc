/* UPC 1.2-era code: upc_relaxed.h first, synchronization flags taken from upc.h
 * (no upc_collective.h for them), upc_flag_t variables, a directory of
 * per-thread allocations. */
#include <upc_relaxed.h>
#include <stdio.h>

#define BLK 8

shared [] int * shared slots[THREADS];

int main(void)
{
    upc_flag_t sync_mode = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
    shared [] int *mine;
    int i, t, good = 1;

    mine = (shared [] int *) upc_alloc(BLK * sizeof(int));
    for (i = 0; i < BLK; i++)
        mine[i] = MYTHREAD * BLK + i;
    slots[MYTHREAD] = mine;
    upc_barrier;
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < BLK; i++)
            if (slots[t][i] != t * BLK + i)
                good = 0;
    upc_barrier;
    upc_free(mine);
    if (MYTHREAD == 0)
        printf("legacy allocation %s, flags %s\n", good ? "ok" : "BROKEN",
               sync_mode > 0 && (UPC_IN_NOSYNC & UPC_OUT_NOSYNC) == 0 ? "distinct" : "clash");
    return 0;
}
