/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of null_alloc_zero_err.upc: one extra slot holds the count, so the allocation is never empty */
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
    mine = (shared [] int *) upc_alloc((count + 1) * sizeof(int));
    *mine = count;
    upc_barrier;
    printf("thread %d has %d rows\n", MYTHREAD, count);
    upc_free(mine);
    return 0;
}
