/* Helper for chain_collective_deep_err.upc and chain_collective_deep_ok.upc: a locked log. */
#include <upc.h>

shared int entries;

void log_open(upc_lock_t *l) { upc_lock(l); }
void log_close(upc_lock_t *l) { upc_unlock(l); }

static void append(upc_lock_t *l, int v)
{
    upc_lock(l);
    entries += v;
    upc_unlock(l);
}

void add_entry(upc_lock_t *l, int v) { append(l, v); }
int log_entries(void) { return entries; }
