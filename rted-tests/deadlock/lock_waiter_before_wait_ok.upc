/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* Correct: thread 0 keeps the table lock over its split-phase barrier; the others ask for it
 * after their upc_notify and are already waiting when thread 0 enters upc_wait, which
 * completes (every thread has notified), and thread 0 then releases the lock */
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
        upc_notify;
        upc_lock(table_lock);
        updates++;
        upc_unlock(table_lock);
        upc_wait;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d updates\n", updates);
    return 0;
}
