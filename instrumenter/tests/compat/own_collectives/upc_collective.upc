/* Reference collectives: simple, correct, slow. */
#include "upc_collective.h"

int ref_calls = 0;

void
upc_all_broadcast(shared void *dst, shared const void *src, size_t nbytes,
                  upc_flag_t sync_mode)
{
    (void) sync_mode;
    ref_calls++;
    upc_barrier;
    /* dst is distributed with nbytes per thread: copy into my block */
    upc_memcpy((shared char *) dst + MYTHREAD, src, nbytes);
    upc_barrier;
}

void
upc_all_gather_all(shared void *dst, shared const void *src, size_t nbytes,
                   upc_flag_t sync_mode)
{
    int i;
    (void) sync_mode;
    ref_calls++;
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        upc_memcpy((shared [] char *) ((shared char *) dst + MYTHREAD) + i * nbytes,
                   (shared char *) src + i, nbytes);
    upc_barrier;
}
