/* upc-check-test
 * expect: collective-mismatch
 * line: 15 22
 * threads: 2 4 8
 */
/* Error: the table is allocated in init_table(), which only thread 0 calls, with upc_all_alloc (meant: upc_global_alloc); the other threads go on to the barrier */
#include <upc.h>
#include <stdio.h>

#define PER 16
shared [PER] int *shared table;

static void init_table(void)
{
    table = (shared [PER] int *) upc_all_alloc(THREADS, PER * sizeof(int));
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
