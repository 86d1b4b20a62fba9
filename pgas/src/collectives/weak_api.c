/* The public names of <upc_collective.h>, as weak definitions that call the runtime's
 * implementation (`upcr_coll_<name>`, pgas/src/collectives/ffi.rs): a program that
 * defines a collective itself (its own reference implementation) links with its own.
 * Every `shared T *` parameter is a pointer-to-shared by value (upcr.h). */
#include "../../include/upcr.h"

typedef upcr_pshared_t pshared_t;

#define WEAK __attribute__((weak))

#define RELOCALIZE(name) \
    void upcr_coll_upc_all_##name(pshared_t, pshared_t, size_t, int); \
    WEAK void upc_all_##name(pshared_t dst, pshared_t src, size_t nbytes, int flags) \
    { upcr_coll_upc_all_##name(dst, src, nbytes, flags); }

RELOCALIZE(broadcast)
RELOCALIZE(scatter)
RELOCALIZE(gather)
RELOCALIZE(gather_all)
RELOCALIZE(exchange)

void upcr_coll_upc_all_permute(pshared_t, pshared_t, pshared_t, size_t, int);
WEAK void upc_all_permute(pshared_t dst, pshared_t src, pshared_t perm, size_t nbytes, int flags)
{
    upcr_coll_upc_all_permute(dst, src, perm, nbytes, flags);
}

void upcr_coll_upc_all_sort(pshared_t, size_t, size_t, size_t, void *, int);
WEAK void upc_all_sort(pshared_t a, size_t elem_size, size_t nelems, size_t blk_size, void *func,
                       int flags)
{
    upcr_coll_upc_all_sort(a, elem_size, nelems, blk_size, func, flags);
}

#define REDUCE(name) \
    void upcr_coll_##name(pshared_t, pshared_t, unsigned long, size_t, size_t, const void *, int); \
    WEAK void name(pshared_t dst, pshared_t src, unsigned long op, size_t nelems, \
                   size_t blk_size, const void *func, int flags) \
    { upcr_coll_##name(dst, src, op, nelems, blk_size, func, flags); }

REDUCE(upc_all_reduceC)
REDUCE(upc_all_prefix_reduceC)
REDUCE(upc_all_reduceUC)
REDUCE(upc_all_prefix_reduceUC)
REDUCE(upc_all_reduceS)
REDUCE(upc_all_prefix_reduceS)
REDUCE(upc_all_reduceUS)
REDUCE(upc_all_prefix_reduceUS)
REDUCE(upc_all_reduceI)
REDUCE(upc_all_prefix_reduceI)
REDUCE(upc_all_reduceUI)
REDUCE(upc_all_prefix_reduceUI)
REDUCE(upc_all_reduceL)
REDUCE(upc_all_prefix_reduceL)
REDUCE(upc_all_reduceUL)
REDUCE(upc_all_prefix_reduceUL)
REDUCE(upc_all_reduceF)
REDUCE(upc_all_prefix_reduceF)
REDUCE(upc_all_reduceD)
REDUCE(upc_all_prefix_reduceD)
REDUCE(upc_all_reduceLD)
REDUCE(upc_all_prefix_reduceLD)
