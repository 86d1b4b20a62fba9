/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4
 */
/* Error: the last thread polls a lock with upc_lock_attempt after thread 0 has freed it */
#include <upc.h>
#include <stdio.h>

shared int polls;
shared int retired;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) {
        retired = 1;
        upc_lock_free(lock);
    }
    upc_barrier;
    if (MYTHREAD == THREADS - 1 && upc_lock_attempt(lock)) {
        polls += 1;
        upc_unlock(lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("polls = %d retired = %d\n", polls, retired);
    return 0;
}
