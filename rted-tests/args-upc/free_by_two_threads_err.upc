/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: both thread 0 and the last thread free the same upc_all_alloc array */
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
    if (MYTHREAD == second_owner) upc_free(v);
    if (MYTHREAD == 0) printf("freed\n");
    return 0;
}
