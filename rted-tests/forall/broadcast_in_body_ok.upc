/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of broadcast_in_body_err.upc: the refresh is decided in the loop and broadcast after it */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int blocks[2 * THREADS];
shared int stale[2 * THREADS];
shared int fresh[THREADS];
shared int source;
shared int any_stale;

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
            any_stale = 1;
        blocks[k] = k;
    }
    upc_barrier;
    if (any_stale)
        upc_all_broadcast(fresh, &source, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    return 0;
}
