/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * env: UPCCHECK_LIVELOCK_TIMEOUT=2
 */
/* Correct twin of livelock_err.upc: thread 0 releases the lock right away, so thread 1's retries succeed */
#include <upc.h>
#include <stdio.h>
#include <time.h>

strict shared int gave_up;
shared int counter;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) upc_lock(lock);
    upc_barrier;
    if (MYTHREAD == 0) {
        counter = 0;
        upc_unlock(lock);
    }
    if (MYTHREAD == 1) {
        time_t start = time(NULL);
        while (!upc_lock_attempt(lock)) {
            if (time(NULL) - start > 5) { gave_up = 1; break; }
        }
        if (!gave_up) { counter += 1; upc_unlock(lock); }
        else printf("thread 1 gave up\n");
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("counter = %d\n", counter);
    return 0;
}
