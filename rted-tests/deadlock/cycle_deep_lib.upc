/* Helper for cycle_deep_err.upc and cycle_deep_ok.upc: locking of two accounts. */
#include <upc.h>

void take(upc_lock_t *l)
{
    upc_lock(l);
}

/* The caller already holds 'from'. */
void begin_transfer(upc_lock_t *from, upc_lock_t *to)
{
    (void) from;
    take(to);
}

void end_transfer(upc_lock_t *from, upc_lock_t *to)
{
    upc_unlock(to);
    upc_unlock(from);
}
