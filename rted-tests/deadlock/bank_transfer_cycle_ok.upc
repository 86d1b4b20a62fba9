/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: a transfer locks the lower-numbered account first, so no ring of waits can form */
#include <upc.h>
#include <stdio.h>

typedef struct {
    long balance;
    int ops;
} account_t;

shared account_t acct[THREADS];
upc_lock_t *shared acct_lock[THREADS];
strict shared int holding;

static upc_lock_t *shared handshake;

int main(void)
{
    acct_lock[MYTHREAD] = upc_global_lock_alloc();
    acct[MYTHREAD].balance = 1000;
    if (MYTHREAD == 0)
        handshake = upc_global_lock_alloc();
    upc_barrier;
    {
        int from = MYTHREAD, to = (MYTHREAD + 1) % THREADS;
        int lo = from < to ? from : to, hi = from < to ? to : from;
        upc_lock(acct_lock[lo]);
        upc_lock(handshake);
        holding++;
        upc_unlock(handshake);
        if (hi != lo)
            upc_lock(acct_lock[hi]);
        acct[from].balance -= 10;
        acct[to].balance += 10;
        if (hi != lo)
            upc_unlock(acct_lock[hi]);
        upc_unlock(acct_lock[lo]);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("balance %ld\n", acct[0].balance);
    return 0;
}
