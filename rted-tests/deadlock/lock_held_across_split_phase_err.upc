/* upc-check-test
 * expect: lock-chain-collective
 * line: 18
 * threads: 2 3 4
 */
/* Error: thread 0 keeps the log lock over its split-phase barrier and is already waiting in
 * upc_wait when another thread, which has not notified yet, asks for the lock: upc_wait
 * cannot complete without that thread's upc_notify, which it never reaches */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

upc_lock_t *log_lock;
shared int entries;

static void log_entry(void)
{
    upc_lock(log_lock);
    entries++;
    upc_unlock(log_lock);
}

int main(void)
{
    log_lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        upc_lock(log_lock);
        entries++;
        upc_notify;
        upc_wait;
        upc_unlock(log_lock);
    } else {
        usleep(200000);
        log_entry();
        upc_notify;
        upc_wait;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d entries\n", entries);
    return 0;
}
