/*
 * upcr_predef.h — predefined macros of the UPC language, force-included by the upc-check driver
 * (`-include upcr_predef.h`) in front of every UPC source file.
 *
 * In the static THREADS environment (-T N) the driver defines __UPC_STATIC_THREADS__ and THREADS
 * itself; otherwise THREADS is the run-time value.  MYTHREAD and THREADS are rvalues (a unary
 * plus, not a cast, so that a preprocessor #if can read them: there they are 0, and
 * `#if defined(__UPC_STATIC_THREADS__) && THREADS > 1` is valid in either environment).  The
 * driver defines them with the same text (instrumenter/src/lower/mod.rs, THREADS_EXPANSION).
 */
#ifndef UPCR_PREDEF_H
#define UPCR_PREDEF_H

extern int upcr_mythread;
extern int upcr_threads;

#define __UPC__ 1
#define __UPC_VERSION__ 201311L
#define UPC_MAX_BLOCK_SIZE 2147483647

#define __UPC_COLLECTIVE__ 1
#define __UPC_TICK__ 1
#define __UPC_IO__ 1
#define __UPC_ATOMIC__ 1
#define __UPC_CASTABLE__ 1
#define __UPC_NB__ 1

#ifndef __UPC_STATIC_THREADS__
#define __UPC_DYNAMIC_THREADS__ 1
#define THREADS (+upcr_threads)
#endif

#define MYTHREAD (+upcr_mythread)

#endif /* UPCR_PREDEF_H */
