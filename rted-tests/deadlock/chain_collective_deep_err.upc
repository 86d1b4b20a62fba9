/* upc-check-test
 * expect: lock-chain-collective
 * line: chain_collective_deep_lib.upc:11
 * threads: 2 4 8
 * files: chain_collective_deep_lib.upc
 */
/* Error: thread 0 opens the log (takes its lock) and reaches the next barrier without closing it; thread 1 then blocks in add_entry in another file */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

extern void log_open(upc_lock_t *l);
extern void log_close(upc_lock_t *l);
extern void add_entry(upc_lock_t *l, int v);
extern int log_entries(void);

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) log_open(l);
    upc_barrier;
    if (MYTHREAD == 1) {
        sleep(1);  /* thread 0 is at the barrier by now */
        add_entry(l, 7);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("entries = %d\n", log_entries());
    return 0;
}
