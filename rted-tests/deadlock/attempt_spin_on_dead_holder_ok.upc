/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * env: UPCCHECK_LIVELOCK_TIMEOUT=2
 * timeout: 60
 */
/* Correct twin: the refill releases the queue lock on every path */
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
        upc_unlock(qlock);
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
