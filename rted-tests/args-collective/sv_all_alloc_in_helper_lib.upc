/* Helper for sv_all_alloc_in_helper_err.upc and sv_all_alloc_in_helper_ok.upc. */
#include <upc.h>

shared void *make_vector(size_t n)
{
    return upc_all_alloc(THREADS, n * sizeof(int));
}
