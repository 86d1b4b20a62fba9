/* upc-check-test
 * expect: data-race
 * line: 21 32
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: indef_alloc_list_err.upc:21 and indef_alloc_list_err.upc:32
 */
/* Thread 0 allocates a list with upc_alloc and publishes it through a shared pointer; every
   thread stores its entry through a `shared []` pointer, and thread 0 adds the entries up
   without waiting for the others. */
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
    if (MYTHREAD == 0)
        printf("total %ld\n", total(mine, THREADS));
    upc_barrier;
    return 0;
}
