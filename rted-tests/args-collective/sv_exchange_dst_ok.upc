/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of sv_exchange_dst_err.upc: every thread picks the main destination */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int pick[THREADS];

int main(void)
{
    shared int *src = (shared int *) upc_all_alloc(THREADS * THREADS, sizeof(int));
    shared int *dst[2];
    dst[0] = (shared int *) upc_all_alloc(THREADS * THREADS, sizeof(int));
    dst[1] = (shared int *) upc_all_alloc(THREADS * THREADS, sizeof(int));
    pick[MYTHREAD] = 0;
    upc_barrier;
    upc_all_exchange(dst[pick[MYTHREAD]], src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: exchanged\n", MYTHREAD);
    return 0;
}
