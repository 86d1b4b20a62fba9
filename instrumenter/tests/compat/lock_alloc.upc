/* Lock allocation and use: upc_all_lock_alloc (collective), upc_global_lock_alloc
 * (one per thread, published in a shared table), upc_lock_attempt spinning,
 * upc_lock_free and upc_all_lock_free. */
#include <upc_relaxed.h>
#include <stdio.h>

#define ROUNDS 20

upc_lock_t *shared owner_locks[THREADS];
shared int counter;
shared int per_thread[THREADS];
shared int attempts_failed;

int main(void)
{
    upc_lock_t *all = upc_all_lock_alloc();
    upc_lock_t *mine = upc_global_lock_alloc();
    int r, t;

    owner_locks[MYTHREAD] = mine;
    per_thread[MYTHREAD] = 0;
    if (MYTHREAD == 0) {
        counter = 0;
        attempts_failed = 0;
    }
    upc_barrier;

    /* the collective lock: a critical section every thread enters ROUNDS times */
    for (r = 0; r < ROUNDS; r++) {
        upc_lock(all);
        counter = counter + 1;
        upc_unlock(all);
    }

    /* every thread increments every slot, each protected by the owner's lock,
       taken with upc_lock_attempt when possible */
    for (t = 0; t < THREADS; t++) {
        upc_lock_t *l = owner_locks[t];
        if (!upc_lock_attempt(l)) {
            upc_lock(all);
            attempts_failed = attempts_failed + 1;
            upc_unlock(all);
            upc_lock(l);
        }
        per_thread[t] = per_thread[t] + 1;
        upc_unlock(l);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int ok = counter == ROUNDS * THREADS;
        for (t = 0; t < THREADS; t++)
            ok = ok && per_thread[t] == THREADS;
        printf("counter=%d (expected %d*THREADS) slots %s, failed attempts %s\n",
               counter / THREADS, ROUNDS, ok ? "ok" : "WRONG",
               attempts_failed >= 0 && attempts_failed <= THREADS * THREADS ? "in range" : "??");
    }
    upc_barrier;
    upc_lock_free(mine);
    upc_all_lock_free(all);
    return 0;
}
