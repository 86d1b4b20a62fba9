/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of free_by_two_threads_err.upc: only thread 0 frees it */
#include <upc.h>
#include <stdio.h>

shared int second_owner;

int main(void)
{
    shared int *v = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    v[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == 0) second_owner = THREADS - 1;
    upc_barrier;
    if (MYTHREAD == 0) upc_free(v);
    upc_barrier;
    if (MYTHREAD == second_owner) printf("already freed by thread 0\n");
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
