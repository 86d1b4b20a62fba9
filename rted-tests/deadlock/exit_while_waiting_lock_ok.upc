/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: thread 0 releases the log lock before it returns early */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

upc_lock_t *shared loglock;
shared int entries;
strict shared int started;

static void flush_log(void)
{
    upc_lock(loglock);
    started = 1;
    if (entries == 0) {
        upc_unlock(loglock);
        return;
    }
    entries = 0;
    upc_unlock(loglock);
}

int main(void)
{
    if (MYTHREAD == 0) loglock = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) {
        flush_log();
    } else {
        while (!started) ;
        upc_lock(loglock);
        entries += 1;
        upc_unlock(loglock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("entries = %d\n", entries);
    return 0;
}
