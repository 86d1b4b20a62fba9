/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: the header's item offset is applied to the source buffer on the I/O thread (the last one); dst is the start of `work`, with affinity to thread 0, and the source may live on any one thread */
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
    upc_all_scatter(work, inbuf + first, CHUNK * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("work[0] = %d\n", work[0]);
    upc_barrier;
    if (MYTHREAD == IO_THREAD) upc_free(inbuf);
    return 0;
}
