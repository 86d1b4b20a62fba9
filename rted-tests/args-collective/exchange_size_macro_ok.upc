/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: every thread counts its neighbours the same way */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define MSGBYTES(nb) ((size_t) (nb) * sizeof(int))
shared [] int *shared sendp;

int main(void)
{
    shared int *src = (shared int *) upc_all_alloc(THREADS, THREADS * THREADS * sizeof(int));
    shared int *dst = (shared int *) upc_all_alloc(THREADS, THREADS * THREADS * sizeof(int));
    int neighbours = THREADS - 1;

    upc_all_exchange(dst, src, MSGBYTES(neighbours), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("exchanged\n");
    return 0;
}
