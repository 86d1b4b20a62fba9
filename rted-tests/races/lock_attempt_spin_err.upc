/* upc-check-test
 * expect: data-race
 * line: 26 30
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: lock_attempt_spin_err.upc:26 and lock_attempt_spin_err.upc:30
 */
/* GUPC test style: a lock kept in a shared pointer, taken with a upc_lock_attempt loop by
   the workers; the last thread, which never takes the lock, resets the counter meanwhile. */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared guard;
shared long counter;

int main(void)
{
    int k;
    if (MYTHREAD == 0)
        guard = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD < THREADS - 1) {
        for (k = 0; k < 3; k++) {
            while (!upc_lock_attempt(guard))
                ;
            counter += 1;
            upc_unlock(guard);
        }
    } else {
        counter = 0;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("counter = %ld\n", counter);
        upc_lock_free(guard);
    }
    return 0;
}
