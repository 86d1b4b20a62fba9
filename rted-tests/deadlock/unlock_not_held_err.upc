/* upc-check-test
 * expect: lock-not-held
 * line: 25
 * threads: 2 4 8
 */
/* Error: the cleanup path unlocks a lock that this thread never locked */
#include <upc.h>
#include <stdio.h>

shared int busy[THREADS];
shared int jobs;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    int locked = 0;
    busy[MYTHREAD] = (MYTHREAD % 2 == 0);
    upc_barrier;
    if (busy[MYTHREAD]) {
        upc_lock(lock);
        locked = 1;
        jobs += 1;
    }
    if (busy[MYTHREAD] || MYTHREAD == THREADS - 1)
        upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("jobs = %d (%d)\n", jobs, locked);
    return 0;
}
