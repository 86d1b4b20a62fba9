/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of all_free_after_free_err.upc: the array is only freed with upc_all_free */
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
        printf("releasing\n");
    upc_barrier;
    upc_all_free(v);
    return 0;
}
