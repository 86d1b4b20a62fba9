/* upc-check-test
 * expect: lock-cycle
 * line: 36
 * threads: 2 4 8
 */
/* Error: a transfer locks the source account, then the destination; every thread transfers from its own account to the next one, so the locks are taken around a ring (the handshake only makes sure all first locks are held) */
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
        upc_lock(acct_lock[from]);
        upc_lock(handshake);
        holding++;
        upc_unlock(handshake);
        while (holding < THREADS)
            ;
        upc_lock(acct_lock[to]);
        acct[from].balance -= 10;
        acct[to].balance += 10;
        upc_unlock(acct_lock[to]);
        upc_unlock(acct_lock[from]);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("balance %ld\n", acct[0].balance);
    return 0;
}
