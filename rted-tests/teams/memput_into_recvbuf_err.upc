/* upc-check-test
 * expect: buffer-in-flight
 * line: 23
 * threads: 2 4 8
 */
/* Error: upc_memput into the receive buffer of a non-blocking allgather before upccoll_wait (the offset of the write is read at run time) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int where;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) where = 1;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc((2 * THREADS + 2) * sizeof(int));
    b[0] = MYTHREAD;
    upccoll_handle_t h;
    upccoll_allgather((shared void *)b, 1, UPC_INT, (shared void *)(b + 1), 1, UPC_INT, UPC_TEAM_ALL, 0, &h);
    int zero = 0;
    /* where = 1: into the receive buffer; THREADS + 1: just after it */
    upc_memput(b + (where ? 1 : THREADS + 1), &zero, sizeof zero);
    upccoll_wait(h);
    printf("thread %d: %d\n", MYTHREAD, b[1]);
    upccoll_finalize();
    return 0;
}
