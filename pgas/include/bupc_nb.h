/* bupc_nb.h — Berkeley UPC's non-blocking memcpy extensions, declared by <upc.h> as Berkeley
 * UPC does, on top of the UPC 1.3 <upc_nb.h> functions (same data effects, same completion
 * rules: a transfer and its buffers are in flight until bupc_waitsync/bupc_trysync of its
 * handle, or bupc_waitsynci/bupc_trysynci for the implicit-handle ones). */
#ifndef _BUPC_NB_H_
#define _BUPC_NB_H_

#include "upc_nb.h"

typedef upc_handle_t bupc_handle_t;
#define BUPC_COMPLETE_HANDLE UPC_COMPLETE_HANDLE

#define bupc_memcpy_async(dst, src, n) upc_memcpy_nb((dst), (src), (n))
#define bupc_memget_async(dst, src, n) upc_memget_nb((dst), (src), (n))
#define bupc_memput_async(dst, src, n) upc_memput_nb((dst), (src), (n))
#define bupc_memset_async(dst, c, n) upc_memset_nb((dst), (c), (n))
#define bupc_waitsync(h) upc_sync(h)
#define bupc_trysync(h) upc_sync_attempt(h)

#define bupc_memcpy_asynci(dst, src, n) upc_memcpy_nbi((dst), (src), (n))
#define bupc_memget_asynci(dst, src, n) upc_memget_nbi((dst), (src), (n))
#define bupc_memput_asynci(dst, src, n) upc_memput_nbi((dst), (src), (n))
#define bupc_memset_asynci(dst, c, n) upc_memset_nbi((dst), (c), (n))
#define bupc_waitsynci() upc_synci()
#define bupc_trysynci() upc_synci_attempt()

#endif /* _BUPC_NB_H_ */
