/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of lock_free_twice_global_err.upc: only the owner releases the lock */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared lk;
shared int owner;
shared int count;

int main(void)
{
    if (MYTHREAD == 0) {
        lk = upc_global_lock_alloc();
        owner = THREADS > 1 ? 1 : 0;
    }
    upc_barrier;
    upc_lock(lk);
    count++;
    upc_unlock(lk);
    upc_barrier;
    if (MYTHREAD == owner)
        upc_lock_free(lk);
    upc_barrier;
    return 0;
}
