/* upc-check-test
 * expect: null-pointer-to-shared
 * line: 25
 * threads: 2 4 8
 * value: pointer = NULL
 * report: null pointer-to-shared `table` dereferenced
 * report: upc_all_alloc at null_all_alloc_zero_err.upc:24 was called on this thread with a size of 0 bytes
 * report: nbytes `per_thread * sizeof(int)` = 0
 */
/* Error: the block size computed from the input is 0, so upc_all_alloc returns NULL and every thread writes its element through it */
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
    per_thread = input_items / THREADS;
    table = (shared int *) upc_all_alloc(THREADS, per_thread * sizeof(int));
    table[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(table);
    return 0;
}
