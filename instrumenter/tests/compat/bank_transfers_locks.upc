/*
 * The bank-account exercise: ACCOUNTS accounts spread over the threads, one
 * lock per account (an array of lock pointers filled by upc_all_lock_alloc
 * in a loop), and every thread makes transfers between pairs of accounts,
 * taking the two locks in increasing account order so that no two transfers
 * deadlock.  upc_lock_attempt is tried first and counted.  Money is neither
 * made nor lost, and each account's final balance is fixed by the transfers
 * alone, whatever their order.
 */
#include <upc.h>
#include <stdio.h>

#define ACCOUNTS 24
#define TRANSFERS 40

shared long *balance;                  /* ACCOUNTS accounts, cyclic */
upc_lock_t *acct_lock[ACCOUNTS];       /* private copies of the same pointers */
shared int attempts_won[THREADS];

static void transfer(int from, int to, long amount)
{
    int a = from < to ? from : to, b = from < to ? to : from;
    if (upc_lock_attempt(acct_lock[a]))
        attempts_won[MYTHREAD]++;
    else
        upc_lock(acct_lock[a]);
    upc_lock(acct_lock[b]);
    balance[from] -= amount;
    balance[to] += amount;
    upc_unlock(acct_lock[b]);
    upc_unlock(acct_lock[a]);
}

int main(void)
{
    int i;
    long net[ACCOUNTS] = { 0 };

    balance = (shared long *)upc_all_alloc(ACCOUNTS, sizeof(long));
    for (i = 0; i < ACCOUNTS; i++)
        acct_lock[i] = upc_all_lock_alloc();
    upc_forall (i = 0; i < ACCOUNTS; i++; &balance[i])
        balance[i] = 1000;
    upc_barrier;

    for (i = 0; i < TRANSFERS; i++) {
        int from = (MYTHREAD * 7 + i * 5) % ACCOUNTS;
        int to = (from + 1 + (i * 3 + MYTHREAD) % (ACCOUNTS - 1)) % ACCOUNTS;
        transfer(from, to, 10 + (i % 9) * 5);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        long total = 0;
        int t, bad = 0;
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < TRANSFERS; i++) {
                int from = (t * 7 + i * 5) % ACCOUNTS;
                int to = (from + 1 + (i * 3 + t) % (ACCOUNTS - 1)) % ACCOUNTS;
                net[from] -= 10 + (i % 9) * 5;
                net[to] += 10 + (i % 9) * 5;
            }
        for (i = 0; i < ACCOUNTS; i++) {
            total += balance[i];
            bad += balance[i] != 1000 + net[i];
        }
        printf("accounts %d, total %ld\n", ACCOUNTS, total);
        printf("balances as the transfers say: %s\n", bad ? "no" : "yes");
        for (i = 0; i < ACCOUNTS; i++)
            upc_lock_free(acct_lock[i]);
        upc_free(balance);
    }
    return 0;
}
