/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Twin of lock_across_wait_err.upc, done right. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int late;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    upc_lock_t *l = upc_all_lock_alloc();
    if (MYTHREAD == 0) late = 0;
    shared [] int *b = (shared [] int *)upc_alloc(2 * sizeof(int));
    b[0] = MYTHREAD;
    if (MYTHREAD == 0)
        upc_lock(l);
    upc_barrier;
    if (MYTHREAD == 1 && late) {
        upc_lock(l);
        upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, NULL);
        upc_unlock(l);
    } else {
        upccoll_handle_t h;
        upccoll_allreduce((shared void *)b, (shared void *)(b + 1), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, &h);
        upccoll_wait(h);
    }
    if (MYTHREAD == 0)
        upc_unlock(l);
    printf("thread %d: %d\n", MYTHREAD, b[1]);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(l);
    upccoll_finalize();
    return 0;
}
