/* upc-check-test
 * expect: lock-chain-finished
 * line: 34 20
 * threads: 2 3 4 8
 */
/* Error: thread 0 takes the log lock, finds an empty log and calls exit() without releasing it; the others block in upc_lock on the lock held by the finished thread */
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
        exit(0);
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
