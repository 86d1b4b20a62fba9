/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4 8
 * timeout: 60
 * report: waits for the lock in upc_lock at lock_free_while_awaited_err.upc:25
 */
/* Error: the master drains the work queue under its lock and, finding it empty, frees the queue lock in shutdown() while the workers are still blocked in upc_lock on it */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

upc_lock_t *shared qlock;
shared int qlen;
strict shared int draining;

static void shutdown_queue(void)
{
    upc_lock_free(qlock);
}

static int take(void)
{
    int got = 0;
    upc_lock(qlock);
    if (qlen > 0) {
        qlen--;
        got = 1;
    }
    upc_unlock(qlock);
    return got;
}

int main(void)
{
    if (MYTHREAD == 0) {
        qlock = upc_global_lock_alloc();
        qlen = 0;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_lock(qlock);
        draining = 1;
        usleep(200000); /* the workers now wait in take() */
        qlen = 0;
        shutdown_queue();
    } else {
        while (!draining)
            ;
        take();
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("queue closed\n");
    return 0;
}
