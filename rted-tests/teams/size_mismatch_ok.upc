/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of size_mismatch_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int sent;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) sent = 2;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(4 * sizeof(int));
    b[0] = 7; b[1] = 8;
    upccoll_bcast((shared void *)b, sent, UPC_INT, (shared void *)(b + 2), 2, UPC_INT, 0, UPC_TEAM_ALL, 0, NULL);
    printf("thread %d: %d\n", MYTHREAD, b[2]);
    upccoll_finalize();
    return 0;
}
