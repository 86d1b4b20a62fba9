/* upc-check-test
 * expect: data-race
 * line: 28 31
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: lock_held_over_barrier_err.upc:28 and lock_held_over_barrier_err.upc:31
 */
/* Thread 0 takes the lock before a barrier and fills the table while holding it; the others
   take the lock after the barrier. Thread 0 then logs the table's first entry after its
   unlock, while the others already write it under the lock. */
#include <upc.h>
#include <stdio.h>

shared int table[THREADS];
upc_lock_t *shared guard;

int main(void)
{
    int k, first = 0;
    if (MYTHREAD == 0) {
        guard = upc_global_lock_alloc();
        upc_lock(guard);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        for (k = 0; k < THREADS; k++) table[k] = k;
        upc_unlock(guard);
        first = table[0];
    } else {
        upc_lock(guard);
        table[0] += MYTHREAD;
        upc_unlock(guard);
    }
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d %d\n", first, table[0]); upc_lock_free(guard); }
    return 0;
}
