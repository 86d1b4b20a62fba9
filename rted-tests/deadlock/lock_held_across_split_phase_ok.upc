/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct: thread 0 keeps the log lock over its split-phase barrier, and the others ask for
 * it only after their own upc_notify: thread 0's upc_wait completes and it releases the lock */
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
        upc_notify;
        log_entry();
        upc_wait;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d entries\n", entries);
    return 0;
}
