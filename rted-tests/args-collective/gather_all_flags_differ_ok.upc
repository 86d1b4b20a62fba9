/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: every thread passes the same flags */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int mine[THREADS];
shared int insync[THREADS];

int main(void)
{
    upc_flag_t f;
    shared [] int *all;
    mine[MYTHREAD] = MYTHREAD * 3;
    insync[MYTHREAD] = 0;
    upc_barrier;
    all = (shared [] int *) upc_all_alloc(THREADS, THREADS * sizeof(int));
    f = (insync[MYTHREAD] ? UPC_IN_MYSYNC : UPC_IN_ALLSYNC) | UPC_OUT_ALLSYNC;
    upc_all_gather_all(all, mine, sizeof(int), f);
    printf("thread %d sees %d\n", MYTHREAD, all[THREADS - 1]);
    return 0;
}
