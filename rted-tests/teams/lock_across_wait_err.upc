/* upc-check-test
 * expect: team-deadlock
 * line: 23 29
 * threads: 2 4 8
 */
/* Error: thread 0 holds a lock while it waits for an allreduce; thread 1 wants the lock before it starts the allreduce (when a run-time flag says so) */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
shared int late;

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    upc_lock_t *l = upc_all_lock_alloc();
    if (MYTHREAD == 0) late = 1;
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
