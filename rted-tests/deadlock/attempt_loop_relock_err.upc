/* upc-check-test
 * expect: lock-relock
 * line: 16
 * threads: 2 3 4 8
 */
/* Error: a retry loop polls upc_lock_attempt; on the 5th round of the work loop the last thread still holds the lock from the previous round because its unlock is skipped when its item count is odd */
#include <upc.h>
#include <stdio.h>

shared int items[THREADS];
shared int total;

int take_when_free(upc_lock_t *l)
{
    int spins = 0;
    while (!upc_lock_attempt(l))
        spins++;
    return spins;
}

int main(void)
{
    upc_lock_t *lk = upc_all_lock_alloc();
    int round;
    items[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 5 : 4;
    upc_barrier;
    for (round = 0; round < 6; round++) {
        take_when_free(lk);
        total += 1;
        if (round != 4 || items[MYTHREAD] % 2 == 0)
            upc_unlock(lk);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("total = %d\n", total);
    return 0;
}
