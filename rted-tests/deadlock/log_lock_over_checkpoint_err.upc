/* upc-check-test
 * expect: lock-held-in-collective
 * line: 27
 * threads: 2 4 8
 */
/* Error: thread 0 opens a log record (taking the log lock) and calls checkpoint(), whose barrier it enters still holding the lock, while thread 1 waits in log_line() for the same lock */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

upc_lock_t *shared log_lock;
shared int log_len;
strict shared int opened;

static void log_open(void) { upc_lock(log_lock); opened = 1; }
static void log_close(void) { upc_unlock(log_lock); }

static void log_line(int v)
{
    upc_lock(log_lock);
    log_len += v;
    upc_unlock(log_lock);
}

static void checkpoint(void)
{
    upc_barrier;
}

int main(void)
{
    if (MYTHREAD == 0)
        log_lock = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) {
        log_open();
        log_len = 1;
        usleep(200000); /* thread 1 is now waiting in log_line() */
        checkpoint();
        log_close();
    } else {
        while (!opened)
            ;
        if (MYTHREAD == 1)
            log_line(2);
        checkpoint();
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("log %d\n", log_len);
    return 0;
}
