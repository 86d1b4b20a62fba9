/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 * value: nbytes = 0
 */
/* Error: the exchange size is computed from a shared message length that was never set */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int msg_len;
shared int ready;

int main(void)
{
    shared int *a = (shared int *) upc_all_alloc(THREADS * THREADS, sizeof(int));
    shared int *b = (shared int *) upc_all_alloc(THREADS * THREADS, sizeof(int));
    if (MYTHREAD == 0) ready = 1;
    upc_barrier;
    upc_all_exchange(b, a, msg_len * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: exchanged\n", MYTHREAD);
    return 0;
}
