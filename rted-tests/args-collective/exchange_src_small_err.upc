/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the exchange source has blocks of THREADS - 1 messages, but upc_all_exchange reads THREADS messages from every thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int senders;

int main(void)
{
    shared int *src, *dst;
    if (MYTHREAD == 0) senders = THREADS - 1;
    upc_barrier;
    src = (shared int *) upc_all_alloc(THREADS, senders * sizeof(int));
    dst = (shared int *) upc_all_alloc(THREADS, THREADS * sizeof(int));
    upc_all_exchange(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: exchanged\n", MYTHREAD);
    return 0;
}
