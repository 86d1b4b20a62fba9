/* upc-check-test
 * expect: data-race
 * line: 19 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: alloc_not_collective_err.upc:19 and alloc_not_collective_err.upc:22
 */
/* upc_alloc does not synchronize: the value written before it is read by another thread after it */
#include <upc.h>
#include <stdio.h>

shared int config;

int main(void)
{
    int c = 0;
    shared void *mine;
    if (MYTHREAD == 0)
        config = 8;
    mine = upc_alloc(64);
    if (MYTHREAD == 1)
        c = config;
    upc_free(mine);
    upc_barrier;
    printf("%d\n", c >= 0);
    return 0;
}
