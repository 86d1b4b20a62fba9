/* Shared by lock_cycle_fn_pointers_{err,ok,lib}.upc */
typedef struct {
    void (*acquire)(upc_lock_t *);
    void (*release)(upc_lock_t *);
} sync_ops_t;
void sync_init(sync_ops_t *ops);
