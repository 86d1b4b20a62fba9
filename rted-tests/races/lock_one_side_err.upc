/* upc-check-test
 * expect: data-race
 * line: 21 24
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: lock_one_side_err.upc:21 and lock_one_side_err.upc:24
 */
/* Thread 0 updates the counter under the lock, thread 1 without it */
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
        counter += 2;
    }
    upc_barrier;
    if (MYTHREAD == 0) { printf("%d\n", counter); upc_lock_free(lk); }
    return 0;
}
