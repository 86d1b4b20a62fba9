/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the master releases the queue lock and frees it only after a barrier, when no worker can still be using it */
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
        usleep(200000);
        qlen = 0;
        upc_unlock(qlock);
    } else {
        while (!draining)
            ;
        take();
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        shutdown_queue();
        printf("queue closed\n");
    }
    return 0;
}
