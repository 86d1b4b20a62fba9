/* upc_collective.h -- a small reference implementation of the UPC collectives,
 * shipped with the program (in the style of the reference implementations that
 * accompanied the collectives specification).  Built on upc_memcpy and barriers. */
#ifndef _REF_UPC_COLLECTIVE_H_
#define _REF_UPC_COLLECTIVE_H_

#include <upc.h>

#ifndef UPC_IN_ALLSYNC
typedef int upc_flag_t;
#define UPC_IN_NOSYNC   1
#define UPC_IN_MYSYNC   2
#define UPC_IN_ALLSYNC  0
#define UPC_OUT_NOSYNC  4
#define UPC_OUT_MYSYNC  8
#define UPC_OUT_ALLSYNC 0
#endif

#define REF_COLLECTIVES 1

extern int ref_calls;

void upc_all_broadcast(shared void *dst, shared const void *src, size_t nbytes,
                       upc_flag_t sync_mode);
void upc_all_gather_all(shared void *dst, shared const void *src, size_t nbytes,
                        upc_flag_t sync_mode);

#endif
