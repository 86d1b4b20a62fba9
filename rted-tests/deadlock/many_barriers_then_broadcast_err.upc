/* upc-check-test
 * expect: collective-mismatch
 * line: 25 27
 * threads: 2 4 8
 * report: #1002 upc_barrier at many_barriers_then_broadcast_err.upc:27
 * report: #1001 upc_barrier at many_barriers_then_broadcast_err.upc:23
 */
/* Error: after a thousand barriers that every thread passes, the last thread calls upc_all_broadcast while the others are at upc_barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int src;
shared int dst[THREADS];
shared int rounds[THREADS];

int main(void)
{
    int i;
    rounds[MYTHREAD] = 1000 + (MYTHREAD == THREADS - 1);
    upc_barrier;
    for (i = 0; i < 1000; i++)
        upc_barrier;
    if (rounds[MYTHREAD] > 1000)
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_barrier;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("done\n");
    return 0;
}
