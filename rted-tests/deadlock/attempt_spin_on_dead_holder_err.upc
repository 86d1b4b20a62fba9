/* upc-check-test
 * expect: livelock
 * line: 37
 * threads: 2 3 4
 * env: UPCCHECK_LIVELOCK_TIMEOUT=2
 * timeout: 60
 * report: thread 0 is blocked at upc_barrier
 */
/* Error: workers poll upc_lock_attempt on the queue lock and do other work between tries; thread 0 took the queue lock for a refill and, on an empty source, returns from the refill without releasing it, so the workers poll forever */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared qlock;
shared int queue_len;
strict shared int refilled;

static void refill(int n)
{
    upc_lock(qlock);
    refilled = 1;
    if (n == 0) {
        return;
    }
    queue_len += n;
    upc_unlock(qlock);
}

int main(void)
{
    int tries = 0, other = 0;
    if (MYTHREAD == 0) qlock = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) {
        refill(queue_len);
    } else {
        while (!refilled) ;
        while (!upc_lock_attempt(qlock)) {
            tries++;
            other += tries % 3;
        }
        queue_len -= 0;
        upc_unlock(qlock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("queue %d\n", queue_len);
    return 0;
}
