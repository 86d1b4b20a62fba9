/* upc-check-test
 * expect: single-valued-mismatch
 * line: 21
 * threads: 2 3 4 8
 * value: nbytes = {THREADS*4}
 */
/* Error: the message size of upc_all_exchange comes from a macro that uses the caller's count of neighbours; thread 0 counts itself, so its nbytes differs */
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
    if (MYTHREAD == 0) neighbours++;
    upc_all_exchange(dst, src, MSGBYTES(neighbours), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("exchanged\n");
    return 0;
}
