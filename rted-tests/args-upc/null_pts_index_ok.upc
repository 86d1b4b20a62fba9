/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of null_pts_index_err.upc: the last thread, which has no right neighbour, skips the write */
#include <upc.h>
#include <stdio.h>

shared int results[THREADS];

int main(void)
{
    shared int *target = NULL;
    int right = MYTHREAD + 1;
    if (right < THREADS)
        target = &results[right];
    upc_barrier;
    if (target != NULL)
        target[0] = MYTHREAD * 10;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("results[1] = %d\n", results[1]);
    return 0;
}
