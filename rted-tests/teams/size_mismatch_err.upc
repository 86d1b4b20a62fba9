/* upc-check-test
 * expect: single-valued-mismatch
 * line: 19
 * threads: 2 4 8
 */
/* Error: the receivers of a broadcast expect 2 elements while the root sends 1 (the root's count comes from a shared variable) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int sent;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) sent = 1;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(4 * sizeof(int));
    b[0] = 7; b[1] = 8;
    upccoll_bcast((shared void *)b, sent, UPC_INT, (shared void *)(b + 2), 2, UPC_INT, 0, UPC_TEAM_ALL, 0, NULL);
    printf("thread %d: %d\n", MYTHREAD, b[2]);
    upccoll_finalize();
    return 0;
}
