/* bupc_sem.h — Berkeley UPC's semaphores and signaling puts (UPC syntax; goes through the
 * translator; also declared by <upc.h> unless -DUPCCHECK_NO_BUPC_EXTENSIONS).
 *
 *   bupc_sem_t *bupc_sem_alloc(int flags);     a semaphore of value 0, with affinity to the
 *                                              calling thread (not collective)
 *   void bupc_sem_free(bupc_sem_t *s);
 *   void bupc_sem_post(bupc_sem_t *s);         value += 1
 *   void bupc_sem_postN(bupc_sem_t *s, size_t n);
 *   void bupc_sem_wait(bupc_sem_t *s);         wait until value >= 1, then value -= 1
 *   void bupc_sem_waitN(bupc_sem_t *s, size_t n);
 *   int bupc_sem_try(bupc_sem_t *s);           value -= 1 if value >= 1: 1, else 0 at once
 *   int bupc_sem_tryN(bupc_sem_t *s, size_t n);
 *   void bupc_memput_signal(shared void *dst, const void *src, size_t nbytes,
 *                           bupc_sem_t *s, size_t n);   upc_memput, then bupc_sem_postN
 *   void bupc_memput_signal_async(...);        the same (the transfer is complete at return)
 *
 * flags: BUPC_SEM_INTEGER (a counting semaphore, the default) or BUPC_SEM_BOOLEAN (value 0 or
 * 1: a post sets it to 1; N must be 1), or-ed with BUPC_SEM_SPRODUCER / BUPC_SEM_MPRODUCER and
 * BUPC_SEM_SCONSUMER / BUPC_SEM_MCONSUMER (how many threads post and wait: accepted, any
 * thread may do either here).
 *
 * Each one is a macro over UPC 1.3 atomic operations (upc_atomic_strict on the value, a
 * uint64_t, in the <bupc_atomic.h> domain of the type), so the checker checks the semaphore
 * (a valid, live shared object) at the caller's line, and with race checking a post orders
 * what its thread did before it (a signaling put's data too) before what the thread whose wait
 * or try consumed it does next.  A wait sleeps (pgas/src/sem.rs) rather than spinning. */
#ifndef _BUPC_SEM_H_
#define _BUPC_SEM_H_

#include <stddef.h>
#include <stdint.h>
#include "upc.h"
#include "bupc_atomic.h"

#define BUPC_SEM_INTEGER 0
#define BUPC_SEM_BOOLEAN 1
#define BUPC_SEM_MPRODUCER 0
#define BUPC_SEM_SPRODUCER 2
#define BUPC_SEM_MCONSUMER 0
#define BUPC_SEM_SCONSUMER 4
#define BUPC_SEM_MAXVALUE 0x7fffffff

typedef shared struct upcc_bupc_sem_s bupc_sem_t;

/* the runtime's part (pgas/src/sem.rs) */
void upcc_bupc_sem_init(shared void *s, int flags);
int upcc_bupc_sem_boolean(shared void *s, uint64_t n, const char *op);
void upcc_bupc_sem_block(shared void *s, uint64_t seen);
void upcc_bupc_sem_wake(shared void *s);

#define UPCC_BUPC_SEM_DOMAIN upcc_bupc_atomic_domain(UPC_UINT64)

#define bupc_sem_alloc(flags) (__extension__({ \
    shared void *upcc_sem_p_ = upc_alloc(16); \
    upcc_bupc_sem_init(upcc_sem_p_, (flags)); \
    (bupc_sem_t *)upcc_sem_p_; }))

#define bupc_sem_free(s) upc_free((shared void *)(s))

#define UPCC_BUPC_SEM_POST(s, n, op) ((void)(__extension__({ \
    shared void *upcc_sem_p_ = (shared void *)(s); \
    uint64_t upcc_sem_n_ = (n); \
    if (upcc_bupc_sem_boolean(upcc_sem_p_, upcc_sem_n_, op)) \
        upc_atomic_strict(UPCC_BUPC_SEM_DOMAIN, (void *)0, UPCC_BUPC_SET, upcc_sem_p_, \
                          &upcc_sem_n_, (void *)0); \
    else \
        upc_atomic_strict(UPCC_BUPC_SEM_DOMAIN, (void *)0, UPC_ADD, upcc_sem_p_, \
                          &upcc_sem_n_, (void *)0); \
    upcc_bupc_sem_wake(upcc_sem_p_); \
    0; })))

/* 1 when value >= n was taken by n; with `block`, sleep until the value changes and retry */
#define UPCC_BUPC_SEM_TAKE(s, n, block, op) (__extension__({ \
    shared void *upcc_sem_p_ = (shared void *)(s); \
    uint64_t upcc_sem_n_ = (n), upcc_sem_v_, upcc_sem_w_, upcc_sem_o_; \
    int upcc_sem_r_ = 0; \
    (void)upcc_bupc_sem_boolean(upcc_sem_p_, upcc_sem_n_, op); \
    for (;;) { \
        upc_atomic_strict(UPCC_BUPC_SEM_DOMAIN, &upcc_sem_v_, UPCC_BUPC_GET, upcc_sem_p_, \
                          (void *)0, (void *)0); \
        if (upcc_sem_v_ >= upcc_sem_n_) { \
            upcc_sem_w_ = upcc_sem_v_ - upcc_sem_n_; \
            upc_atomic_strict(UPCC_BUPC_SEM_DOMAIN, &upcc_sem_o_, UPCC_BUPC_CSWAP, \
                              upcc_sem_p_, &upcc_sem_v_, &upcc_sem_w_); \
            if (upcc_sem_o_ == upcc_sem_v_) { \
                upcc_sem_r_ = 1; \
                break; \
            } \
        } else if (block) { \
            upcc_bupc_sem_block(upcc_sem_p_, upcc_sem_v_); \
        } else { \
            break; \
        } \
    } \
    upcc_sem_r_; }))

#define bupc_sem_post(s) UPCC_BUPC_SEM_POST(s, 1, "bupc_sem_post")
#define bupc_sem_postN(s, n) UPCC_BUPC_SEM_POST(s, n, "bupc_sem_postN")
#define bupc_sem_wait(s) ((void)UPCC_BUPC_SEM_TAKE(s, 1, 1, "bupc_sem_wait"))
#define bupc_sem_waitN(s, n) ((void)UPCC_BUPC_SEM_TAKE(s, n, 1, "bupc_sem_waitN"))
#define bupc_sem_try(s) UPCC_BUPC_SEM_TAKE(s, 1, 0, "bupc_sem_try")
#define bupc_sem_tryN(s, n) UPCC_BUPC_SEM_TAKE(s, n, 0, "bupc_sem_tryN")

#define bupc_memput_signal(dst, src, nbytes, s, n) ((void)(__extension__({ \
    upc_memput((dst), (src), (nbytes)); \
    UPCC_BUPC_SEM_POST(s, n, "bupc_memput_signal"); \
    0; })))
#define bupc_memput_signal_async(dst, src, nbytes, s, n) ((void)(__extension__({ \
    upc_memput((dst), (src), (nbytes)); \
    UPCC_BUPC_SEM_POST(s, n, "bupc_memput_signal_async"); \
    0; })))

#endif /* _BUPC_SEM_H_ */
