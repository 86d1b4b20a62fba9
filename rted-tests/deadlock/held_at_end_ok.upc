/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of held_at_end_err.upc: the early return unlocks first */
#include <upc.h>
#include <stdio.h>

upc_lock_t *lock;
shared int stats[THREADS];
shared int total;

void record(int v)
{
    upc_lock(lock);
    if (v < 0) {
        upc_unlock(lock);
        return;
    }
    total += v;
    upc_unlock(lock);
}

int main(void)
{
    lock = upc_all_lock_alloc();
    stats[MYTHREAD] = (MYTHREAD == THREADS - 1) ? -1 : MYTHREAD;
    upc_barrier;
    record(stats[MYTHREAD]);
    upc_barrier;
    if (MYTHREAD == 0) printf("total = %d\n", total);
    return 0;
}
