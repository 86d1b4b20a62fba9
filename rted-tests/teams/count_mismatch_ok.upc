/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of count_mismatch_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int n0;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) n0 = 1;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(4 * sizeof(int));
    b[0] = b[1] = MYTHREAD;
    size_t count = MYTHREAD == 0 ? n0 : 1;
    upccoll_scan((shared void *)b, (shared void *)(b + 2), count, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, NULL);
    printf("thread %d: %d\n", MYTHREAD, b[2]);
    upccoll_finalize();
    return 0;
}
