/* upc-check-test
 * expect: forall-collective
 * line: 28
 * threads: 2 4 8
 * report: the controlling upc_forall is at broadcast_in_body_err.upc:26, with condition `k < count` (variable 'k' declared at broadcast_in_body_err.upc:19, variable 'count' declared at broadcast_in_body_err.upc:20)
 */
/* Error: when a block needs a refresh, the owner of the block starts a broadcast from inside the upc_forall body */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int blocks[2 * THREADS];
shared int stale[2 * THREADS];
shared int fresh[THREADS];
shared int source;

int main(void)
{
    int k;
    int count = 2 * THREADS;
    if (MYTHREAD == 0) {
        source = 5;
        stale[1] = 1;
    }
    upc_barrier;
    upc_forall (k = 0; k < count; k++; &blocks[k]) {
        if (stale[k])
            upc_all_broadcast(fresh, &source, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        blocks[k] = k;
    }
    upc_barrier;
    return 0;
}
