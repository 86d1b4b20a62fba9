/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of lock_attempt_spin_err.upc: the last thread takes the lock with the same
   upc_lock_attempt loop before it resets the counter. */
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
        while (!upc_lock_attempt(guard))
            ;
        counter = 0;
        upc_unlock(guard);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("counter = %ld\n", counter);
        upc_lock_free(guard);
    }
    return 0;
}
