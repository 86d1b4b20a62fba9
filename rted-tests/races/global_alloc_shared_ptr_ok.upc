/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of global_alloc_shared_ptr_err.upc: a barrier between the write and the read */
#include <upc.h>
#include <stdio.h>

shared int *shared gp;

int main(void)
{
    int v = 0;
    if (MYTHREAD == 0)
        gp = (shared int *)upc_global_alloc(THREADS, sizeof(int));
    upc_barrier;
    if (MYTHREAD == 1)
        gp[0] = 11;
    upc_barrier;
    if (MYTHREAD == 0)
        v = gp[0];
    if (MYTHREAD == 0) { printf("%d\n", v); upc_free(gp); }
    return 0;
}
