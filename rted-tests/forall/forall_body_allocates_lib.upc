#include <upc.h>

static shared int *cache;

shared int *get_buffer(void)
{
    if (cache)
        return cache;
    cache = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    return cache;
}
