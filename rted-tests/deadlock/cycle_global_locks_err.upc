/* upc-check-test
 * expect: lock-cycle
 * line: 33
 * threads: 2 4 8
 * report: allocated at cycle_global_locks_err.upc:22 by upc_global_lock_alloc on thread 0 (variable 'second' declared at cycle_global_locks_err.upc:20)
 * report: allocated at cycle_global_locks_err.upc:23 by upc_global_lock_alloc on thread 0 (variable 'second' declared at cycle_global_locks_err.upc:20)
 * report: (taken at cycle_global_locks_err.upc:30)
 */
/* Error: threads 0 and 1 take the two account locks in opposite orders (the order comes from the account numbers) */
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
    first = from_acct[MYTHREAD] == 0 ? lock_a : lock_b;
    second = from_acct[MYTHREAD] == 0 ? lock_b : lock_a;
    if (MYTHREAD < 2)
        upc_lock(first);
    upc_barrier;
    if (MYTHREAD < 2) {
        upc_lock(second);
        account[0] -= 1;
        account[1] += 1;
        upc_unlock(second);
        upc_unlock(first);
    }
    upc_barrier;
    return 0;
}
