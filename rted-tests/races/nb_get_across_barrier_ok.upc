/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of nb_get_across_barrier_err.upc: upc_sync before the barrier */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared [4] long cell[4 * THREADS];

int main(void)
{
    long mine[4];
    upc_handle_t h = UPC_COMPLETE_HANDLE;
    if (MYTHREAD == 0)
        h = upc_memget_nb(mine, &cell[4], sizeof mine);
    if (MYTHREAD == 0)
        upc_sync(h);
    upc_barrier;
    if (MYTHREAD == 1)
        cell[5] = 77;
    upc_barrier;
    return 0;
}
