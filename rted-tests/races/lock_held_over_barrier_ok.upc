/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of lock_held_over_barrier_err.upc: thread 0 held the lock before anyone else could ask
   for it, so the others' acquisitions come after its release whatever the timing; they read
   the table after their unlock, outside the lock. */
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
        first = table[0];
        upc_unlock(guard);
    } else {
        upc_lock(guard);
        upc_unlock(guard);
        first = table[THREADS - 1];
    }
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d %d\n", first, table[0]); upc_lock_free(guard); }
    return 0;
}
