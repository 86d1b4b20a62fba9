/* upc-check-test
 * expect: null-pointer-to-shared
 * line: 28
 * threads: 2 4 8
 * value: pointer = NULL
 * report: null pointer-to-shared `mine` dereferenced
 * report: upc_alloc at null_alloc_zero_err.upc:27 was called on this thread with a size of 0 bytes
 * report: nbytes `count * sizeof(int)` = 0
 */
/* Error: the last thread has no rows left, so upc_alloc(0) returns NULL, and it still stores its row count through *mine */
#include <upc.h>
#include <stdio.h>

#define ROWS 6

int main(void)
{
    shared [] int *mine;
    int first = MYTHREAD * (ROWS / (THREADS - 1));
    int count = ROWS - first;
    if (count < 0)
        count = 0;
    if (count > ROWS / (THREADS - 1))
        count = ROWS / (THREADS - 1);
    if (MYTHREAD == THREADS - 1)
        count = 0;
    mine = (shared [] int *) upc_alloc(count * sizeof(int));
    *mine = count;
    upc_barrier;
    printf("thread %d has %d rows\n", MYTHREAD, count);
    return 0;
}
