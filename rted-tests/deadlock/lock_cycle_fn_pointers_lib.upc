/* Helper of lock_cycle_fn_pointers_err.upc / _ok.upc: a small "synchronization layer" that
 * hands out its lock operations as function pointers, as portable codes do to switch
 * between UPC locks and another runtime's. */
#include <upc.h>
#include "lock_cycle_fn_pointers.h"

static void use_upc_locks(sync_ops_t *ops)
{
    ops->acquire = upc_lock;
    ops->release = upc_unlock;
}

void sync_init(sync_ops_t *ops)
{
    use_upc_locks(ops);
}
