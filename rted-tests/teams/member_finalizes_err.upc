/* upc-check-test
 * expect: collective-mismatch
 * line: 20 21
 * threads: 2 4 8
 */
/* Error: the last thread skips a broadcast on UPC_TEAM_ALL and calls upccoll_finalize (itself collective over all threads) while the others broadcast */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int skip;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) skip = 1;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = 5;
    if (!(skip && MYTHREAD == THREADS - 1))
        upccoll_bcast((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, THREADS - 1, UPC_TEAM_ALL, 0, NULL);
    upccoll_finalize();
    return 0;
}
