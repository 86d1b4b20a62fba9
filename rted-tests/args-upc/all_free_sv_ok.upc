/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of all_free_sv_err.upc: every thread passes the common array; private buffers are freed with upc_free */
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
    victim = common;
    upc_all_free(victim);
    upc_free(mine);
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
