/* upc_collective.h — the UPC 1.3 collectives library (UPC syntax; goes through the
 * translator).  Every `shared T *` parameter becomes a upcr_pshared_t passed by value in
 * the C ABI; the implementation is pgas/src/collectives/.
 *
 * Synchronization flags and the UPC_ADD ... UPC_MAX operations come from <upc_types.h>.
 * upc_all_sort is the UPC collectives 1.0 extension, kept for programs that use it. */
#ifndef _UPC_COLLECTIVE_H_
#define _UPC_COLLECTIVE_H_

#include <stddef.h>
#include "upc_types.h"

#define UPC_FUNC         (1UL << 16)
#define UPC_NONCOMM_FUNC (1UL << 17)

/* Relocalization: nbytes is the size of one block. */
void upc_all_broadcast(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_scatter(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_gather(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_exchange(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_permute(shared void * restrict dst, shared const void * restrict src, shared const int * restrict perm, size_t nbytes, upc_flag_t flags);

/* Computation: src (and dst of the prefix reductions) laid out as shared [blk_size] T[nelems],
 * phase respected; func is used with UPC_FUNC and UPC_NONCOMM_FUNC only. */
void upc_all_reduceC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed char (*func)(signed char, signed char), upc_flag_t flags);
void upc_all_reduceUC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned char (*func)(unsigned char, unsigned char), upc_flag_t flags);
void upc_all_reduceS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed short (*func)(signed short, signed short), upc_flag_t flags);
void upc_all_reduceUS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned short (*func)(unsigned short, unsigned short), upc_flag_t flags);
void upc_all_reduceI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed int (*func)(signed int, signed int), upc_flag_t flags);
void upc_all_reduceUI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned int (*func)(unsigned int, unsigned int), upc_flag_t flags);
void upc_all_reduceL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed long (*func)(signed long, signed long), upc_flag_t flags);
void upc_all_reduceUL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned long (*func)(unsigned long, unsigned long), upc_flag_t flags);
void upc_all_reduceF(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, float (*func)(float, float), upc_flag_t flags);
void upc_all_reduceD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, double (*func)(double, double), upc_flag_t flags);
void upc_all_reduceLD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, long double (*func)(long double, long double), upc_flag_t flags);

void upc_all_prefix_reduceC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed char (*func)(signed char, signed char), upc_flag_t flags);
void upc_all_prefix_reduceUC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned char (*func)(unsigned char, unsigned char), upc_flag_t flags);
void upc_all_prefix_reduceS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed short (*func)(signed short, signed short), upc_flag_t flags);
void upc_all_prefix_reduceUS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned short (*func)(unsigned short, unsigned short), upc_flag_t flags);
void upc_all_prefix_reduceI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed int (*func)(signed int, signed int), upc_flag_t flags);
void upc_all_prefix_reduceUI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned int (*func)(unsigned int, unsigned int), upc_flag_t flags);
void upc_all_prefix_reduceL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed long (*func)(signed long, signed long), upc_flag_t flags);
void upc_all_prefix_reduceUL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned long (*func)(unsigned long, unsigned long), upc_flag_t flags);
void upc_all_prefix_reduceF(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, float (*func)(float, float), upc_flag_t flags);
void upc_all_prefix_reduceD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, double (*func)(double, double), upc_flag_t flags);
void upc_all_prefix_reduceLD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, long double (*func)(long double, long double), upc_flag_t flags);

/* Collectives 1.0: sort nelems elements of elem_size bytes laid out as shared [blk_size]
 * from A (phase respected); func(x, y) > 0 means x goes after y. */
void upc_all_sort(shared void *A, size_t elem_size, size_t nelems, size_t blk_size, int (*func)(shared void *, shared void *), upc_flag_t flags);

#endif /* _UPC_COLLECTIVE_H_ */
