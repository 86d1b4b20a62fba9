/* upc-check-test
 * expect: data-race
 * line: 20 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: nb_get_across_barrier_err.upc:20 and nb_get_across_barrier_err.upc:23
 */
/* Thread 0's upc_memget_nb is still in flight past the barrier after which thread 1 rewrites the source */
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
    upc_barrier;
    if (MYTHREAD == 1)
        cell[5] = 77;
    if (MYTHREAD == 0)
        upc_sync(h);
    upc_barrier;
    return 0;
}
