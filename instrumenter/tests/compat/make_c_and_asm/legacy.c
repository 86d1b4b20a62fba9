/* Plain C from an older library, compiled with -x c: in C, shared, strict and
 * relaxed are ordinary names, and THREADS is a macro of its own. */
#include "legacy.h"

#ifdef __UPC__
#error "legacy.c compiled as UPC"
#endif

#define THREADS 1 /* the library's own: it is single-threaded */

static int shared = 10;

int legacy_scale(int strict)
{
    int relaxed = strict * shared * THREADS;
    return relaxed;
}
