/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of lock_one_side_err.upc: both updates hold the lock */
#include <upc.h>
#include <stdio.h>

shared int counter;
upc_lock_t *shared lk;

int main(void)
{
    if (MYTHREAD == 0) lk = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_lock(lk);
        counter += 1;
        upc_unlock(lk);
    } else if (MYTHREAD == 1) {
        upc_lock(lk);
        counter += 2;
        upc_unlock(lk);
    }
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d\n", counter); upc_lock_free(lk); }
    return 0;
}
