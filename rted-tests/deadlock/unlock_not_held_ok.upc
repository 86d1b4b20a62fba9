/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of unlock_not_held_err.upc: the cleanup path only unlocks when the lock was taken */
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
    if (locked)
        upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("jobs = %d (%d)\n", jobs, locked);
    return 0;
}
