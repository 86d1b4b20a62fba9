/* upc_atomic.h — UPC 1.3 atomic memory operations (UPC syntax). */
#ifndef _UPC_ATOMIC_H_
#define _UPC_ATOMIC_H_

#include "upc_types.h"

typedef shared struct upcr_atomicdomain_s upc_atomicdomain_t;
typedef int upc_atomichint_t;

#define UPC_ATOMIC_HINT_DEFAULT    0
#define UPC_ATOMIC_HINT_LATENCY    1
#define UPC_ATOMIC_HINT_THROUGHPUT 2

#define UPC_GET   (1UL << 9)
#define UPC_SET   (1UL << 10)
#define UPC_CSWAP (1UL << 11)
#define UPC_SUB   (1UL << 12)
#define UPC_INC   (1UL << 13)
#define UPC_DEC   (1UL << 14)

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops,
                                               upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *ptr);
void upc_atomic_strict(upc_atomicdomain_t *domain, void * restrict fetch_ptr, upc_op_t op,
                       shared void * restrict target, const void * restrict operand1,
                       const void * restrict operand2);
void upc_atomic_relaxed(upc_atomicdomain_t *domain, void * restrict fetch_ptr, upc_op_t op,
                        shared void * restrict target, const void * restrict operand1,
                        const void * restrict operand2);
int upc_atomic_isfast(upc_type_t type, upc_op_t ops, shared void *addr);

#endif /* _UPC_ATOMIC_H_ */
