/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 */
/* Error: the owner thread frees the array with upc_free, then every thread frees it again with upc_all_free */
#include <upc.h>
#include <stdio.h>

shared int owner;

int main(void)
{
    shared int *v = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    v[MYTHREAD] = 2 * MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) printf("v[1] = %d\n", v[1]);
    upc_barrier;
    if (MYTHREAD == owner)
        upc_free(v);
    upc_barrier;
    upc_all_free(v);
    return 0;
}
