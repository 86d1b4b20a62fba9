/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: global_alloc_shared_ptr_err.upc:21 and global_alloc_shared_ptr_err.upc:23
 */
/* Memory from upc_global_alloc published through a shared pointer: thread 1 writes it while thread 0 reads */
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
    if (MYTHREAD == 0)
        v = gp[0];
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d\n", v >= 0); upc_free(gp); }
    return 0;
}
