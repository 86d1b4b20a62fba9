/* upc-check-test
 * expect: lock-held-in-collective
 * line: 25
 * threads: 2 3 4
 */
/* Error: thread 0 keeps the table lock over its split-phase barrier; the others ask for the
 * lock before their upc_notify, so when thread 0 enters upc_wait it holds a lock that threads
 * it waits for are waiting for */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

upc_lock_t *shared table_lock;
shared int updates;

int main(void)
{
    if (MYTHREAD == 0)
        table_lock = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_lock(table_lock);
        upc_notify;
        usleep(200000);
        upc_wait;
        upc_unlock(table_lock);
    } else {
        usleep(50000);
        upc_lock(table_lock);
        updates++;
        upc_unlock(table_lock);
        upc_notify;
        upc_wait;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d updates\n", updates);
    return 0;
}
