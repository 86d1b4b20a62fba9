/* upc-check-test
 * expect: data-race
 * line: 23 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: broadcast_nosync_src_err.upc:23 and broadcast_nosync_src_err.upc:25
 */
/* A broadcast with UPC_IN_NOSYNC|UPC_OUT_NOSYNC: thread 0 rewrites the source while others may still copy it */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [] int src[N];
shared [N] int dst[N * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++) src[i] = i;
    upc_barrier;
    upc_all_broadcast(dst, src, N * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    if (MYTHREAD == 0)
        src[0] = -1;
    upc_barrier;
    return 0;
}
