/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of cycle_global_locks_err.upc: every thread takes the locks in the same order */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared lock_a;
upc_lock_t *shared lock_b;
shared int account[THREADS];
shared int from_acct[THREADS];

int main(void)
{
    upc_lock_t *first, *second;
    if (MYTHREAD == 0) {
        lock_a = upc_global_lock_alloc();
        lock_b = upc_global_lock_alloc();
    }
    from_acct[MYTHREAD] = MYTHREAD % 2;
    upc_barrier;
    first = lock_a;
    second = lock_b;
    if (MYTHREAD < 2) {
        upc_lock(first);
        upc_lock(second);
        account[0] -= 1;
        account[1] += 1;
        upc_unlock(second);
        upc_unlock(first);
    }
    upc_barrier;
    return 0;
}
