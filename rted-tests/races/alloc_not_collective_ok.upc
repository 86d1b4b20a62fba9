/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of alloc_not_collective_err.upc: upc_all_alloc synchronizes the threads */
#include <upc.h>
#include <stdio.h>

shared int config;

int main(void)
{
    int c = 0;
    shared void *all;
    if (MYTHREAD == 0)
        config = 8;
    all = upc_all_alloc(THREADS, 64);
    if (MYTHREAD == 1)
        c = config;
    upc_barrier;
    if (MYTHREAD == 0) upc_free(all);
    printf("%d\n", c >= 0);
    return 0;
}
