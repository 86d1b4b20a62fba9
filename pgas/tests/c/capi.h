/* The C ABI of the UPC library as translated code sees it: every pointer-to-shared is an
 * upcr_pshared_t passed by value.  Used by the hand-written C test programs. */
#ifndef CAPI_H
#define CAPI_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "upcr.h"

#define MYTHREAD ((int)upcr_mythread)
#define THREADS ((int)upcr_threads)
typedef upcr_pshared_t pts;

void upc_global_exit(int status) __attribute__((noreturn));
pts upc_global_alloc(size_t nblocks, size_t nbytes);
pts upc_all_alloc(size_t nblocks, size_t nbytes);
pts upc_alloc(size_t nbytes);
void upc_free(pts p);
void upc_all_free(pts p);
size_t upc_threadof(pts p);
size_t upc_phaseof(pts p);
pts upc_resetphase(pts p);
size_t upc_addrfield(pts p);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);
pts upc_global_lock_alloc(void);
pts upc_all_lock_alloc(void);
void upc_lock_free(pts l);
void upc_all_lock_free(pts l);
void upc_lock(pts l);
int upc_lock_attempt(pts l);
void upc_unlock(pts l);
void upc_memcpy(pts dst, pts src, size_t n);
void upc_memget(void *dst, pts src, size_t n);
void upc_memput(pts dst, const void *src, size_t n);
void upc_memset(pts dst, int c, size_t n);
unsigned long upc_memcpy_nb(pts dst, pts src, size_t n);
unsigned long upc_memget_nb(void *dst, pts src, size_t n);
void upc_memput_nbi(pts dst, const void *src, size_t n);
void upc_sync(unsigned long h);
void upc_synci(void);
void *upc_cast(pts p);
pts upc_all_atomicdomain_alloc(int type, unsigned long ops, int hints);
void upc_all_atomicdomain_free(pts d);
void upc_atomic_strict(pts d, void *fetch, unsigned long op, pts target, const void *o1,
                       const void *o2);
void upc_atomic_relaxed(pts d, void *fetch, unsigned long op, pts target, const void *o1,
                        const void *o2);
unsigned long long upc_ticks_now(void);

#define CHECK(c)                                                                      \
    do {                                                                              \
        if (!(c)) {                                                                   \
            fprintf(stderr, "thread %d: CHECK failed at %s:%d: %s\n", MYTHREAD,       \
                    __FILE__, __LINE__, #c);                                          \
            upc_global_exit(99);                                                      \
        }                                                                             \
    } while (0)

#define UPC_MAIN(threads)                                                             \
    static int user_main(int, char **, char **);                                      \
    int main(int argc, char **argv, char **envp)                                      \
    {                                                                                 \
        return upcr_start(argc, argv, envp, user_main, threads);                      \
    }

/* A statically declared shared array: shared [B] T name[N] (N may use THREADS). */
#define SHARED_ARRAY(T, name, B, N)                                                   \
    static size_t name##_bytes(void) { return upcr_local_bytes((N), (B), sizeof(T)); } \
    static upcr_shared_var_t name##_var = {#name, __FILE__, __LINE__, name##_bytes,   \
                                           _Alignof(T), 0, 0, 0};                      \
    __attribute__((constructor)) static void name##_reg(void)                         \
    {                                                                                 \
        upcr_register_shared(&name##_var);                                            \
    }
#define ELEM(T, name, B, i) ((T *)upcr_elem_local(name##_var.offset, (i), sizeof(T), (B)))

#endif
