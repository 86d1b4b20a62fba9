/* upc-check-test
 * expect: clean
 * threads: 2 4
 * files: lock_cycle_fn_pointers_lib.upc
 */
/* Correct twin of lock_cycle_fn_pointers_err.upc: both threads take the two cell locks through the synchronization layer in the same order (the lower-numbered cell first), without waiting for each other in between */
#include <upc.h>
#include <stdio.h>
#include "lock_cycle_fn_pointers.h"

shared [] double cell[2];
upc_lock_t *cell_lock[2];
shared int first[THREADS];

int main(void)
{
    sync_ops_t ops;
    int a, b;
    sync_init(&ops);
    cell_lock[0] = upc_all_lock_alloc();
    cell_lock[1] = upc_all_lock_alloc();
    first[MYTHREAD] = 0;
    upc_barrier;
    if (MYTHREAD < 2) {
        a = first[MYTHREAD];
        b = 1 - a;
        ops.acquire(cell_lock[a]);
        ops.acquire(cell_lock[b]);
        cell[0] += 1.0;
        cell[1] -= 1.0;
        ops.release(cell_lock[b]);
        ops.release(cell_lock[a]);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("cells %.1f %.1f\n", cell[0], cell[1]);
    return 0;
}
