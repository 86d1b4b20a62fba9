/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of attempt_after_all_lock_free_err.upc: the retries run before the lock is released */
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
    while (retries[MYTHREAD] > 0) {
        retries[MYTHREAD]--;
        if (upc_lock_attempt(token))
            upc_unlock(token);
    }
    upc_barrier;
    upc_all_lock_free(token);
    return 0;
}
