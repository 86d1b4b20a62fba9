/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * files: cycle_deep_lib.upc
 */
/* Correct twin of cycle_deep_err.upc: the transfers lock the accounts in a fixed order */
#include <upc.h>
#include <stdio.h>

extern void begin_transfer(upc_lock_t *from, upc_lock_t *to);
extern void end_transfer(upc_lock_t *from, upc_lock_t *to);
extern void take(upc_lock_t *l);
shared int balance[THREADS];
shared int direction[THREADS];

int main(void)
{
    upc_lock_t *acct[2];
    int d;
    acct[0] = upc_all_lock_alloc();
    acct[1] = upc_all_lock_alloc();
    direction[MYTHREAD] = MYTHREAD;
    upc_barrier;
    d = direction[MYTHREAD];
    if (d <= 1) {
        take(acct[0]);
        begin_transfer(acct[0], acct[1]);
        balance[d] -= 10;
        balance[1 - d] += 10;
        end_transfer(acct[0], acct[1]);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("balances %d %d\n", balance[0], balance[1]);
    return 0;
}
