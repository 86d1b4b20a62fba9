/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of memset_into_recvbuf_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int fence_first;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) fence_first = 1;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    upccoll_scan((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, UPC_ASYNC_FENCE, NULL);
    if (fence_first)
        upccoll_fence();
    int seen = b[1];
    upc_memset(b + 1, 0, sizeof(int));
    upccoll_fence();
    printf("thread %d: %d\n", MYTHREAD, seen);
    upccoll_finalize();
    return 0;
}
