/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * env: UPCCHECK_LIVELOCK_TIMEOUT=2
 * timeout: 60
 */
/* Correct twin: thread 1 takes the index lock before the data lock, in the same order as thread 0 */
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
        while (!ready[0]) ;
        ready[1] = 1;
        upc_lock(index_lock);
        upc_lock(data_lock);
        upc_unlock(index_lock);
        upc_unlock(data_lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("polls > 0: %d\n", polls > 0);
    return 0;
}
