/* upc-check-test
 * expect: invalid-argument
 * line: 28
 * threads: 2 4 8
 * report: the lock `token` was freed at attempt_after_all_lock_free_err.upc:25 by upc_all_lock_free, called by every thread
 * report: lock `token` allocated at attempt_after_all_lock_free_err.upc:18 by upc_all_lock_alloc
 */
/* Error: the lock is released collectively after the work phase, but a retry counter read from shared data sends thread 1 back to try it */
#include <upc.h>
#include <stdio.h>

shared int retries[THREADS];
shared int work;

int main(void)
{
    upc_lock_t *token;
    token = upc_all_lock_alloc();
    retries[MYTHREAD] = (MYTHREAD == 1) ? 1 : 0;
    if (upc_lock_attempt(token)) {
        work++;
        upc_unlock(token);
    }
    upc_barrier;
    upc_all_lock_free(token);
    while (retries[MYTHREAD] > 0) {
        retries[MYTHREAD]--;
        if (upc_lock_attempt(token))
            upc_unlock(token);
    }
    upc_barrier;
    return 0;
}
