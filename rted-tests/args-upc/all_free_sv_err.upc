/* upc-check-test
 * expect: single-valued-mismatch
 * line: 21
 * threads: 2 4
 */
/* Error: the last thread passes its private upc_alloc buffer to upc_all_free instead of the common array */
#include <upc.h>
#include <stdio.h>

shared int wrong[THREADS];

int main(void)
{
    shared int *common = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    shared int *mine = (shared int *) upc_alloc(sizeof(int));
    shared int *victim;
    common[MYTHREAD] = MYTHREAD;
    wrong[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    victim = wrong[MYTHREAD] ? mine : common;
    upc_all_free(victim);
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
