/* upc-check-test
 * expect: livelock
 * line: 24
 * threads: 2 3 4
 * env: UPCCHECK_LIVELOCK_TIMEOUT=2
 * timeout: 60
 */
/* Error: thread 0 holds the index lock and polls the data lock with upc_lock_attempt; thread 1 holds the data lock and blocks in upc_lock on the index lock: thread 0 can never get the data lock */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared index_lock, *shared data_lock;
strict shared int ready[THREADS];

int main(void)
{
    long polls = 0;
    if (MYTHREAD == 0) { index_lock = upc_global_lock_alloc(); data_lock = upc_global_lock_alloc(); }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_lock(index_lock);
        ready[0] = 1;
        while (!ready[1]) ;
        while (!upc_lock_attempt(data_lock)) polls++;
        upc_unlock(data_lock);
        upc_unlock(index_lock);
    } else if (MYTHREAD == 1) {
        upc_lock(data_lock);
        ready[1] = 1;
        while (!ready[0]) ;
        upc_lock(index_lock);
        upc_unlock(index_lock);
        upc_unlock(data_lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("polls > 0: %d\n", polls > 0);
    return 0;
}
