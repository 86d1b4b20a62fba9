/* upc-check-test
 * expect: invalid-argument
 * line: 33
 * threads: 2 4 8
 */
/* Error: the I/O thread (the last one) reads a header block and the work items and scatters them; the header's item offset is applied to the destination (`&work[first]`) instead of the source, and as it is one whole chunk, dst has affinity to thread 1 instead of thread 0 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define CHUNK 4
#define IO_THREAD (THREADS - 1)

shared [CHUNK] int work[CHUNK * THREADS + CHUNK];
shared [] int *shared inbuf;

static int header_first_item(void)
{
    return CHUNK;           /* "first=4": the items follow one chunk of header */
}

int main(void)
{
    int i, first = header_first_item();

    if (MYTHREAD == IO_THREAD) {
        shared [] int *b = (shared [] int *) upc_alloc((first + CHUNK * THREADS) * sizeof(int));
        for (i = 0; i < first + CHUNK * THREADS; i++) b[i] = 10 * i;
        inbuf = b;
    }
    upc_barrier;
    /* the source lives on the I/O thread: allowed, src may have affinity to any one thread */
    upc_all_scatter(&work[first], inbuf, CHUNK * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("work[%d] = %d\n", first, work[first]);
    upc_barrier;
    if (MYTHREAD == IO_THREAD) upc_free(inbuf);
    return 0;
}
