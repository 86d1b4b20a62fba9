/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of indef_alloc_list_err.upc: thread 0 adds the entries up after a barrier. */
#include <upc.h>
#include <stdio.h>

shared [] long *shared list;

static long total(shared [] long *p, int n)
{
    long s = 0;
    int k;
    for (k = 0; k < n; k++)
        s += p[k];
    return s;
}

int main(void)
{
    shared [] long *mine;
    if (MYTHREAD == 0)
        list = (shared [] long *) upc_alloc(THREADS * sizeof(long));
    upc_barrier;
    mine = list;
    mine[MYTHREAD] = 10 * MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("total %ld\n", total(mine, THREADS));
    upc_barrier;
    return 0;
}
