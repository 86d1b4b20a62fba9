/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of memcpy_into_sendbuf_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int early;
shared int src[THREADS];

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    if (MYTHREAD == 0) early = 0;
    src[MYTHREAD] = MYTHREAD;
    upc_barrier;
    shared [] int *b = (shared [] int *)upc_alloc(2 * THREADS * sizeof(int));
    for (int i = 0; i < THREADS; i++) b[i] = MYTHREAD * 100 + i;
    upccoll_handle_t h;
    upccoll_alltoall((shared void *)b, 1, UPC_INT, (shared void *)(b + THREADS), 1, UPC_INT, UPC_TEAM_ALL, 0, &h);
    if (!early)
        upccoll_wait(h);
    upc_memcpy(b, &src[MYTHREAD], sizeof(int));
    if (early)
        upccoll_wait(h);
    printf("thread %d: %d\n", MYTHREAD, b[THREADS]);
    upccoll_finalize();
    return 0;
}
