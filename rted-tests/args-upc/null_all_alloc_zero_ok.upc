/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of null_all_alloc_zero_err.upc: the block size is rounded up, so it is never 0 */
#include <upc.h>
#include <stdio.h>

shared int input_items;

int main(void)
{
    shared int *table;
    size_t per_thread;
    if (MYTHREAD == 0)
        input_items = THREADS - 1;
    upc_barrier;
    per_thread = (input_items + THREADS - 1) / THREADS;
    table = (shared int *) upc_all_alloc(THREADS, per_thread * sizeof(int));
    table[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(table);
    return 0;
}
