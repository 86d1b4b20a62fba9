/* upc-check-test
 * expect: livelock
 * line: 26
 * threads: 2 4 8
 * env: UPCCHECK_LIVELOCK_TIMEOUT=2
 */
/* Error: (warning) thread 1 keeps retrying upc_lock_attempt on a lock that thread 0 only releases after thread 1 gives up */
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
        while (!gave_up) ;
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
