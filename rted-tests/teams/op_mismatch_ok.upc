/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of op_mismatch_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int differ;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) differ = 0;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    upccoll_op_t op = (differ && MYTHREAD == THREADS - 1) ? UPC_MAX : UPC_ADD;
    upccoll_handle_t h;
    upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, op, UPC_TEAM_ALL, 0, &h);
    upccoll_wait(h);
    printf("thread %d: %d\n", MYTHREAD, b[1]);
    upccoll_finalize();
    return 0;
}
