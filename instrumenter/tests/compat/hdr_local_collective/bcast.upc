#include "upc.h"
#include "upc_collective.h"
#include "upc_utils.h"
#include <stdio.h>

#define NELEMS 6

shared [] int src[NELEMS];
shared [NELEMS] int dst[NELEMS*THREADS];
shared long sums[THREADS];
shared long total;

int main()
{
    int i;
    long s = 0;

    MASTER {
        for (i = 0; i < NELEMS; i++)
            src[i] = i * i;
    }
    upc_all_broadcast(dst, src, NELEMS * sizeof(int), SYNC_ALL);
    for (i = 0; i < NELEMS; i++)
        s += dst[MYTHREAD * NELEMS + i];
    sums[MYTHREAD] = s;
    upc_all_reduceL(&total, sums, UPC_ADD, THREADS, 1, NULL, SYNC_ALL);
    MASTER {
        printf("broadcast: each thread got %ld\n", s);
        printf("reduce: %s\n", total == 55L * THREADS ? "ok" : "wrong");
    }
    return 0;
}
