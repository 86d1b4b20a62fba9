/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of exchange_src_small_err.upc: the source blocks hold THREADS messages */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int senders;

int main(void)
{
    shared int *src, *dst;
    if (MYTHREAD == 0) senders = THREADS;
    upc_barrier;
    src = (shared int *) upc_all_alloc(THREADS, senders * sizeof(int));
    dst = (shared int *) upc_all_alloc(THREADS, THREADS * sizeof(int));
    upc_all_exchange(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: exchanged\n", MYTHREAD);
    return 0;
}
