/* bupc_atomic.h — Berkeley UPC's atomic memory operations (UPC syntax; goes through the
 * translator; also declared by <upc.h> unless -DUPCCHECK_NO_BUPC_EXTENSIONS).
 *
 *   TYPE bupc_atomicX_read_RS(shared void *ptr);
 *   void bupc_atomicX_set_RS(shared void *ptr, TYPE val);
 *   TYPE bupc_atomicX_swap_RS(shared void *ptr, TYPE val);
 *   TYPE bupc_atomicX_mswap_RS(shared void *ptr, TYPE mask, TYPE val);
 *   TYPE bupc_atomicX_cswap_RS(shared void *ptr, TYPE oldval, TYPE newval);
 *   TYPE bupc_atomicX_fetchadd_RS(shared void *ptr, TYPE op);
 *   TYPE bupc_atomicX_fetchand_RS(shared void *ptr, TYPE op);
 *   TYPE bupc_atomicX_fetchor_RS(shared void *ptr, TYPE op);
 *   TYPE bupc_atomicX_fetchxor_RS(shared void *ptr, TYPE op);
 *   TYPE bupc_atomicX_fetchnot_RS(shared void *ptr);
 *
 * X is I (int), UI (unsigned int), L (long), UL (unsigned long), I32, U32, I64, U64
 * (<stdint.h>'s types); RS is `strict` or `relaxed`.  Each one is a macro that makes one
 * UPC 1.3 atomic operation (upc_atomic_strict / upc_atomic_relaxed) on a domain of the
 * type that every thread gets from the runtime on first use: the checker checks the target
 * (valid, not freed, aligned) and the race checker sees an atomic access at the caller's
 * line, as for <upc_atomic.h>.  `mswap` is a compare-and-swap loop, `fetchnot` an XOR with
 * all bits set.  The macros use GNU statement expressions (gcc and clang). */
#ifndef _BUPC_ATOMIC_H_
#define _BUPC_ATOMIC_H_

#include <stdint.h>
#include "upc_types.h"

#define __BUPC_ATOMICS__ 1

/* UPC 1.3's operations (the names of <upc_atomic.h> are not made visible here) */
void upc_atomic_strict(shared struct upcr_atomicdomain_s *domain, void * restrict fetch_ptr,
                       upc_op_t op, shared void * restrict target,
                       const void * restrict operand1, const void * restrict operand2);
void upc_atomic_relaxed(shared struct upcr_atomicdomain_s *domain, void * restrict fetch_ptr,
                        upc_op_t op, shared void * restrict target,
                        const void * restrict operand1, const void * restrict operand2);
/* this thread's domain of `type` with every operation of the type (made on first use) */
shared struct upcr_atomicdomain_s *upcc_bupc_atomic_domain(upc_type_t type);

#define UPCC_BUPC_GET   (1UL << 9)
#define UPCC_BUPC_SET   (1UL << 10)
#define UPCC_BUPC_CSWAP (1UL << 11)

/* an operation with no operand, with one, with two; the fetched value is the result */
#define UPCC_BUPC_OP0(T, TY, OP, RS, p) (__extension__({ \
    T upcc_bupc_r_; \
    upc_atomic_##RS(upcc_bupc_atomic_domain(TY), &upcc_bupc_r_, OP, (p), (void *)0, (void *)0); \
    upcc_bupc_r_; }))
#define UPCC_BUPC_OP1(T, TY, OP, RS, p, v) (__extension__({ \
    T upcc_bupc_a_ = (v), upcc_bupc_r_; \
    upc_atomic_##RS(upcc_bupc_atomic_domain(TY), &upcc_bupc_r_, OP, (p), &upcc_bupc_a_, \
                    (void *)0); \
    upcc_bupc_r_; }))
#define UPCC_BUPC_OP2(T, TY, OP, RS, p, v, w) (__extension__({ \
    T upcc_bupc_a_ = (v), upcc_bupc_b_ = (w), upcc_bupc_r_; \
    upc_atomic_##RS(upcc_bupc_atomic_domain(TY), &upcc_bupc_r_, OP, (p), &upcc_bupc_a_, \
                    &upcc_bupc_b_); \
    upcc_bupc_r_; }))
#define UPCC_BUPC_SET1(T, TY, RS, p, v) ((void)(__extension__({ \
    T upcc_bupc_a_ = (v); \
    upc_atomic_##RS(upcc_bupc_atomic_domain(TY), (void *)0, UPCC_BUPC_SET, (p), \
                    &upcc_bupc_a_, (void *)0); \
    0; })))
/* (old & ~mask) | (val & mask), by compare-and-swap from the value read */
#define UPCC_BUPC_MSWAP(T, TY, RS, p, m, v) (__extension__({ \
    shared void *upcc_bupc_p_ = (p); \
    T upcc_bupc_m_ = (m), upcc_bupc_v_ = (v), upcc_bupc_o_, upcc_bupc_n_, upcc_bupc_r_; \
    upc_atomic_##RS(upcc_bupc_atomic_domain(TY), &upcc_bupc_r_, UPCC_BUPC_GET, upcc_bupc_p_, \
                    (void *)0, (void *)0); \
    do { \
        upcc_bupc_o_ = upcc_bupc_r_; \
        upcc_bupc_n_ = (T)((upcc_bupc_o_ & ~upcc_bupc_m_) | (upcc_bupc_v_ & upcc_bupc_m_)); \
        upc_atomic_##RS(upcc_bupc_atomic_domain(TY), &upcc_bupc_r_, UPCC_BUPC_CSWAP, \
                        upcc_bupc_p_, &upcc_bupc_o_, &upcc_bupc_n_); \
    } while (upcc_bupc_r_ != upcc_bupc_o_); \
    upcc_bupc_o_; }))


/* int */
#define bupc_atomicI_read_relaxed(p) UPCC_BUPC_OP0(int, UPC_INT, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicI_set_relaxed(p, v) UPCC_BUPC_SET1(int, UPC_INT, relaxed, p, v)
#define bupc_atomicI_swap_relaxed(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicI_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(int, UPC_INT, relaxed, p, m, v)
#define bupc_atomicI_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(int, UPC_INT, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicI_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_ADD, relaxed, p, v)
#define bupc_atomicI_fetchand_relaxed(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_AND, relaxed, p, v)
#define bupc_atomicI_fetchor_relaxed(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_OR, relaxed, p, v)
#define bupc_atomicI_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_XOR, relaxed, p, v)
#define bupc_atomicI_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(int, UPC_INT, UPC_XOR, relaxed, p, ~(int)0)
#define bupc_atomicI_read_strict(p) UPCC_BUPC_OP0(int, UPC_INT, UPCC_BUPC_GET, strict, p)
#define bupc_atomicI_set_strict(p, v) UPCC_BUPC_SET1(int, UPC_INT, strict, p, v)
#define bupc_atomicI_swap_strict(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicI_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(int, UPC_INT, strict, p, m, v)
#define bupc_atomicI_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(int, UPC_INT, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicI_fetchadd_strict(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_ADD, strict, p, v)
#define bupc_atomicI_fetchand_strict(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_AND, strict, p, v)
#define bupc_atomicI_fetchor_strict(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_OR, strict, p, v)
#define bupc_atomicI_fetchxor_strict(p, v) UPCC_BUPC_OP1(int, UPC_INT, UPC_XOR, strict, p, v)
#define bupc_atomicI_fetchnot_strict(p) \
    UPCC_BUPC_OP1(int, UPC_INT, UPC_XOR, strict, p, ~(int)0)

/* unsigned int */
#define bupc_atomicUI_read_relaxed(p) UPCC_BUPC_OP0(unsigned int, UPC_UINT, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicUI_set_relaxed(p, v) UPCC_BUPC_SET1(unsigned int, UPC_UINT, relaxed, p, v)
#define bupc_atomicUI_swap_relaxed(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicUI_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(unsigned int, UPC_UINT, relaxed, p, m, v)
#define bupc_atomicUI_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(unsigned int, UPC_UINT, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicUI_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_ADD, relaxed, p, v)
#define bupc_atomicUI_fetchand_relaxed(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_AND, relaxed, p, v)
#define bupc_atomicUI_fetchor_relaxed(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_OR, relaxed, p, v)
#define bupc_atomicUI_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_XOR, relaxed, p, v)
#define bupc_atomicUI_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_XOR, relaxed, p, ~(unsigned int)0)
#define bupc_atomicUI_read_strict(p) UPCC_BUPC_OP0(unsigned int, UPC_UINT, UPCC_BUPC_GET, strict, p)
#define bupc_atomicUI_set_strict(p, v) UPCC_BUPC_SET1(unsigned int, UPC_UINT, strict, p, v)
#define bupc_atomicUI_swap_strict(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicUI_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(unsigned int, UPC_UINT, strict, p, m, v)
#define bupc_atomicUI_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(unsigned int, UPC_UINT, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicUI_fetchadd_strict(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_ADD, strict, p, v)
#define bupc_atomicUI_fetchand_strict(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_AND, strict, p, v)
#define bupc_atomicUI_fetchor_strict(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_OR, strict, p, v)
#define bupc_atomicUI_fetchxor_strict(p, v) UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_XOR, strict, p, v)
#define bupc_atomicUI_fetchnot_strict(p) \
    UPCC_BUPC_OP1(unsigned int, UPC_UINT, UPC_XOR, strict, p, ~(unsigned int)0)

/* long */
#define bupc_atomicL_read_relaxed(p) UPCC_BUPC_OP0(long, UPC_LONG, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicL_set_relaxed(p, v) UPCC_BUPC_SET1(long, UPC_LONG, relaxed, p, v)
#define bupc_atomicL_swap_relaxed(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicL_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(long, UPC_LONG, relaxed, p, m, v)
#define bupc_atomicL_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(long, UPC_LONG, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicL_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_ADD, relaxed, p, v)
#define bupc_atomicL_fetchand_relaxed(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_AND, relaxed, p, v)
#define bupc_atomicL_fetchor_relaxed(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_OR, relaxed, p, v)
#define bupc_atomicL_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_XOR, relaxed, p, v)
#define bupc_atomicL_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(long, UPC_LONG, UPC_XOR, relaxed, p, ~(long)0)
#define bupc_atomicL_read_strict(p) UPCC_BUPC_OP0(long, UPC_LONG, UPCC_BUPC_GET, strict, p)
#define bupc_atomicL_set_strict(p, v) UPCC_BUPC_SET1(long, UPC_LONG, strict, p, v)
#define bupc_atomicL_swap_strict(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicL_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(long, UPC_LONG, strict, p, m, v)
#define bupc_atomicL_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(long, UPC_LONG, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicL_fetchadd_strict(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_ADD, strict, p, v)
#define bupc_atomicL_fetchand_strict(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_AND, strict, p, v)
#define bupc_atomicL_fetchor_strict(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_OR, strict, p, v)
#define bupc_atomicL_fetchxor_strict(p, v) UPCC_BUPC_OP1(long, UPC_LONG, UPC_XOR, strict, p, v)
#define bupc_atomicL_fetchnot_strict(p) \
    UPCC_BUPC_OP1(long, UPC_LONG, UPC_XOR, strict, p, ~(long)0)

/* unsigned long */
#define bupc_atomicUL_read_relaxed(p) UPCC_BUPC_OP0(unsigned long, UPC_ULONG, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicUL_set_relaxed(p, v) UPCC_BUPC_SET1(unsigned long, UPC_ULONG, relaxed, p, v)
#define bupc_atomicUL_swap_relaxed(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicUL_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(unsigned long, UPC_ULONG, relaxed, p, m, v)
#define bupc_atomicUL_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(unsigned long, UPC_ULONG, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicUL_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_ADD, relaxed, p, v)
#define bupc_atomicUL_fetchand_relaxed(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_AND, relaxed, p, v)
#define bupc_atomicUL_fetchor_relaxed(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_OR, relaxed, p, v)
#define bupc_atomicUL_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_XOR, relaxed, p, v)
#define bupc_atomicUL_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_XOR, relaxed, p, ~(unsigned long)0)
#define bupc_atomicUL_read_strict(p) UPCC_BUPC_OP0(unsigned long, UPC_ULONG, UPCC_BUPC_GET, strict, p)
#define bupc_atomicUL_set_strict(p, v) UPCC_BUPC_SET1(unsigned long, UPC_ULONG, strict, p, v)
#define bupc_atomicUL_swap_strict(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicUL_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(unsigned long, UPC_ULONG, strict, p, m, v)
#define bupc_atomicUL_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(unsigned long, UPC_ULONG, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicUL_fetchadd_strict(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_ADD, strict, p, v)
#define bupc_atomicUL_fetchand_strict(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_AND, strict, p, v)
#define bupc_atomicUL_fetchor_strict(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_OR, strict, p, v)
#define bupc_atomicUL_fetchxor_strict(p, v) UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_XOR, strict, p, v)
#define bupc_atomicUL_fetchnot_strict(p) \
    UPCC_BUPC_OP1(unsigned long, UPC_ULONG, UPC_XOR, strict, p, ~(unsigned long)0)

/* int32_t */
#define bupc_atomicI32_read_relaxed(p) UPCC_BUPC_OP0(int32_t, UPC_INT32, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicI32_set_relaxed(p, v) UPCC_BUPC_SET1(int32_t, UPC_INT32, relaxed, p, v)
#define bupc_atomicI32_swap_relaxed(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicI32_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(int32_t, UPC_INT32, relaxed, p, m, v)
#define bupc_atomicI32_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(int32_t, UPC_INT32, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicI32_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_ADD, relaxed, p, v)
#define bupc_atomicI32_fetchand_relaxed(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_AND, relaxed, p, v)
#define bupc_atomicI32_fetchor_relaxed(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_OR, relaxed, p, v)
#define bupc_atomicI32_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_XOR, relaxed, p, v)
#define bupc_atomicI32_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_XOR, relaxed, p, ~(int32_t)0)
#define bupc_atomicI32_read_strict(p) UPCC_BUPC_OP0(int32_t, UPC_INT32, UPCC_BUPC_GET, strict, p)
#define bupc_atomicI32_set_strict(p, v) UPCC_BUPC_SET1(int32_t, UPC_INT32, strict, p, v)
#define bupc_atomicI32_swap_strict(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicI32_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(int32_t, UPC_INT32, strict, p, m, v)
#define bupc_atomicI32_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(int32_t, UPC_INT32, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicI32_fetchadd_strict(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_ADD, strict, p, v)
#define bupc_atomicI32_fetchand_strict(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_AND, strict, p, v)
#define bupc_atomicI32_fetchor_strict(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_OR, strict, p, v)
#define bupc_atomicI32_fetchxor_strict(p, v) UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_XOR, strict, p, v)
#define bupc_atomicI32_fetchnot_strict(p) \
    UPCC_BUPC_OP1(int32_t, UPC_INT32, UPC_XOR, strict, p, ~(int32_t)0)

/* uint32_t */
#define bupc_atomicU32_read_relaxed(p) UPCC_BUPC_OP0(uint32_t, UPC_UINT32, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicU32_set_relaxed(p, v) UPCC_BUPC_SET1(uint32_t, UPC_UINT32, relaxed, p, v)
#define bupc_atomicU32_swap_relaxed(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicU32_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(uint32_t, UPC_UINT32, relaxed, p, m, v)
#define bupc_atomicU32_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(uint32_t, UPC_UINT32, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicU32_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_ADD, relaxed, p, v)
#define bupc_atomicU32_fetchand_relaxed(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_AND, relaxed, p, v)
#define bupc_atomicU32_fetchor_relaxed(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_OR, relaxed, p, v)
#define bupc_atomicU32_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_XOR, relaxed, p, v)
#define bupc_atomicU32_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_XOR, relaxed, p, ~(uint32_t)0)
#define bupc_atomicU32_read_strict(p) UPCC_BUPC_OP0(uint32_t, UPC_UINT32, UPCC_BUPC_GET, strict, p)
#define bupc_atomicU32_set_strict(p, v) UPCC_BUPC_SET1(uint32_t, UPC_UINT32, strict, p, v)
#define bupc_atomicU32_swap_strict(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicU32_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(uint32_t, UPC_UINT32, strict, p, m, v)
#define bupc_atomicU32_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(uint32_t, UPC_UINT32, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicU32_fetchadd_strict(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_ADD, strict, p, v)
#define bupc_atomicU32_fetchand_strict(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_AND, strict, p, v)
#define bupc_atomicU32_fetchor_strict(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_OR, strict, p, v)
#define bupc_atomicU32_fetchxor_strict(p, v) UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_XOR, strict, p, v)
#define bupc_atomicU32_fetchnot_strict(p) \
    UPCC_BUPC_OP1(uint32_t, UPC_UINT32, UPC_XOR, strict, p, ~(uint32_t)0)

/* int64_t */
#define bupc_atomicI64_read_relaxed(p) UPCC_BUPC_OP0(int64_t, UPC_INT64, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicI64_set_relaxed(p, v) UPCC_BUPC_SET1(int64_t, UPC_INT64, relaxed, p, v)
#define bupc_atomicI64_swap_relaxed(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicI64_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(int64_t, UPC_INT64, relaxed, p, m, v)
#define bupc_atomicI64_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(int64_t, UPC_INT64, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicI64_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_ADD, relaxed, p, v)
#define bupc_atomicI64_fetchand_relaxed(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_AND, relaxed, p, v)
#define bupc_atomicI64_fetchor_relaxed(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_OR, relaxed, p, v)
#define bupc_atomicI64_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_XOR, relaxed, p, v)
#define bupc_atomicI64_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_XOR, relaxed, p, ~(int64_t)0)
#define bupc_atomicI64_read_strict(p) UPCC_BUPC_OP0(int64_t, UPC_INT64, UPCC_BUPC_GET, strict, p)
#define bupc_atomicI64_set_strict(p, v) UPCC_BUPC_SET1(int64_t, UPC_INT64, strict, p, v)
#define bupc_atomicI64_swap_strict(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicI64_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(int64_t, UPC_INT64, strict, p, m, v)
#define bupc_atomicI64_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(int64_t, UPC_INT64, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicI64_fetchadd_strict(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_ADD, strict, p, v)
#define bupc_atomicI64_fetchand_strict(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_AND, strict, p, v)
#define bupc_atomicI64_fetchor_strict(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_OR, strict, p, v)
#define bupc_atomicI64_fetchxor_strict(p, v) UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_XOR, strict, p, v)
#define bupc_atomicI64_fetchnot_strict(p) \
    UPCC_BUPC_OP1(int64_t, UPC_INT64, UPC_XOR, strict, p, ~(int64_t)0)

/* uint64_t */
#define bupc_atomicU64_read_relaxed(p) UPCC_BUPC_OP0(uint64_t, UPC_UINT64, UPCC_BUPC_GET, relaxed, p)
#define bupc_atomicU64_set_relaxed(p, v) UPCC_BUPC_SET1(uint64_t, UPC_UINT64, relaxed, p, v)
#define bupc_atomicU64_swap_relaxed(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPCC_BUPC_SET, relaxed, p, v)
#define bupc_atomicU64_mswap_relaxed(p, m, v) UPCC_BUPC_MSWAP(uint64_t, UPC_UINT64, relaxed, p, m, v)
#define bupc_atomicU64_cswap_relaxed(p, o, n) \
    UPCC_BUPC_OP2(uint64_t, UPC_UINT64, UPCC_BUPC_CSWAP, relaxed, p, o, n)
#define bupc_atomicU64_fetchadd_relaxed(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_ADD, relaxed, p, v)
#define bupc_atomicU64_fetchand_relaxed(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_AND, relaxed, p, v)
#define bupc_atomicU64_fetchor_relaxed(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_OR, relaxed, p, v)
#define bupc_atomicU64_fetchxor_relaxed(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_XOR, relaxed, p, v)
#define bupc_atomicU64_fetchnot_relaxed(p) \
    UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_XOR, relaxed, p, ~(uint64_t)0)
#define bupc_atomicU64_read_strict(p) UPCC_BUPC_OP0(uint64_t, UPC_UINT64, UPCC_BUPC_GET, strict, p)
#define bupc_atomicU64_set_strict(p, v) UPCC_BUPC_SET1(uint64_t, UPC_UINT64, strict, p, v)
#define bupc_atomicU64_swap_strict(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPCC_BUPC_SET, strict, p, v)
#define bupc_atomicU64_mswap_strict(p, m, v) UPCC_BUPC_MSWAP(uint64_t, UPC_UINT64, strict, p, m, v)
#define bupc_atomicU64_cswap_strict(p, o, n) \
    UPCC_BUPC_OP2(uint64_t, UPC_UINT64, UPCC_BUPC_CSWAP, strict, p, o, n)
#define bupc_atomicU64_fetchadd_strict(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_ADD, strict, p, v)
#define bupc_atomicU64_fetchand_strict(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_AND, strict, p, v)
#define bupc_atomicU64_fetchor_strict(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_OR, strict, p, v)
#define bupc_atomicU64_fetchxor_strict(p, v) UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_XOR, strict, p, v)
#define bupc_atomicU64_fetchnot_strict(p) \
    UPCC_BUPC_OP1(uint64_t, UPC_UINT64, UPC_XOR, strict, p, ~(uint64_t)0)

#endif /* _BUPC_ATOMIC_H_ */
