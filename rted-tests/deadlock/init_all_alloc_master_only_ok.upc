/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: thread 0 allocates the table with upc_global_alloc, the non-collective call, and publishes it */
#include <upc.h>
#include <stdio.h>

#define PER 16
shared [PER] int *shared table;

static void init_table(void)
{
    table = (shared [PER] int *) upc_global_alloc(THREADS, PER * sizeof(int));
}

int main(void)
{
    if (MYTHREAD == 0)
        init_table();
    upc_barrier;
    table[MYTHREAD * PER] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("table[0] = %d\n", table[0]);
    return 0;
}
