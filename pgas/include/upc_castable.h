/* upc_castable.h — UPC 1.3 castability (UPC syntax).  Every shared object of every thread is
 * mapped in every thread here, so everything is castable. */
#ifndef _UPC_CASTABLE_H_
#define _UPC_CASTABLE_H_

#include <stddef.h>

#define UPC_CASTABLE_ALL_ALLOC    (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC        (1 << 2)
#define UPC_CASTABLE_STATIC       (1 << 3)
#define UPC_CASTABLE_ALL (UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | \
                          UPC_CASTABLE_ALLOC | UPC_CASTABLE_STATIC)

typedef struct {
    int guaranteedCastable;
    int probablyCastable;
} upc_thread_info_t;

void *upc_cast(const shared void *ptr);
upc_thread_info_t upc_thread_info(size_t threadId);

#endif /* _UPC_CASTABLE_H_ */
