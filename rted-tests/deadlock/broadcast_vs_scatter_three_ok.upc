/* upc-check-test
 * expect: clean
 * threads: 3 4 8
 */
/* Correct twin: the size is read from the shared original by every thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define SMALL 16
shared [] int data[64 * 8];
shared [64] int part[64 * THREADS];
shared int size;
shared int cached[THREADS];

static void distribute(int n)
{
    if (n <= SMALL)
        upc_all_broadcast(part, data, n * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_all_scatter(part, data, (n / THREADS) * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(void)
{
    if (MYTHREAD == 0) size = 12;
    upc_barrier;
    cached[MYTHREAD] = size;
    distribute(cached[MYTHREAD]);
    if (MYTHREAD == 0) printf("part[0] = %d\n", part[0]);
    return 0;
}
