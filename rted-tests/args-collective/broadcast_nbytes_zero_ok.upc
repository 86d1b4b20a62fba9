/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of broadcast_nbytes_zero_err.upc: the element count is rounded up */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int total_items;
shared int src[THREADS];
shared int dst[THREADS];

int main(void)
{
    int per_thread;
    if (MYTHREAD == 0) { total_items = 1; src[0] = 5; }
    upc_barrier;
    per_thread = (total_items + THREADS - 1) / THREADS;
    upc_all_broadcast(dst, src, per_thread * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: dst = %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
