/* upc.h — the UPC 1.3 standard library (UPC syntax; goes through the translator). */
#ifndef _UPC_H_
#define _UPC_H_

#include <stddef.h>
#include "upc_types.h"
#include "upcr.h"
#include "bupc_tick.h"
#include "bupc_nb.h"
#include "bupc_extensions.h"
#ifndef UPCCHECK_NO_BUPC_EXTENSIONS
#include "bupc_atomic.h"
#endif

/* Progress never depends on polling in this runtime. */
#define upc_poll() ((void)0)

void upc_global_exit(int status) __attribute__((noreturn));

/* Allocation */
shared void *upc_global_alloc(size_t nblocks, size_t nbytes);
shared void *upc_all_alloc(size_t nblocks, size_t nbytes);
shared void *upc_alloc(size_t nbytes);
shared void *upc_local_alloc(size_t nblocks, size_t nbytes) __attribute__((deprecated));
void upc_free(shared void *ptr);
void upc_all_free(shared void *ptr);

/* Pointer-to-shared manipulation */
size_t upc_threadof(shared void *ptr);
size_t upc_phaseof(shared void *ptr);
shared void *upc_resetphase(shared void *ptr);
size_t upc_addrfield(shared void *ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

/* Locks */
typedef shared struct upcr_lock_s upc_lock_t;
upc_lock_t *upc_global_lock_alloc(void);
upc_lock_t *upc_all_lock_alloc(void);
void upc_lock_free(upc_lock_t *ptr);
void upc_all_lock_free(upc_lock_t *ptr);
void upc_lock(upc_lock_t *ptr);
int upc_lock_attempt(upc_lock_t *ptr);
void upc_unlock(upc_lock_t *ptr);

/* Shared string functions */
void upc_memcpy(shared void * restrict dst, shared const void * restrict src, size_t n);
void upc_memget(void * restrict dst, shared const void * restrict src, size_t n);
void upc_memput(shared void * restrict dst, const void * restrict src, size_t n);
void upc_memset(shared void *dst, int c, size_t n);

#ifndef UPCCHECK_NO_BUPC_EXTENSIONS
#include "bupc_sem.h"
#endif

#endif /* _UPC_H_ */
