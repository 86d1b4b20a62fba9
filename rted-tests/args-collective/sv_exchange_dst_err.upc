/* upc-check-test
 * expect: single-valued-mismatch
 * line: 21
 * threads: 2 4
 */
/* Error: the last thread picks the spare destination array (index read from shared data) while the others pick the main one */
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
    pick[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    upc_all_exchange(dst[pick[MYTHREAD]], src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: exchanged\n", MYTHREAD);
    return 0;
}
