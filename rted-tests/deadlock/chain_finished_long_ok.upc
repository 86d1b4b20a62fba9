/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of chain_finished_long_err.upc: the last thread releases lock 2 before it finishes */
#include <upc.h>
#include <stdio.h>

shared int work;

int main(void)
{
    upc_lock_t *l1 = upc_all_lock_alloc();
    upc_lock_t *l2 = upc_all_lock_alloc();
    if (MYTHREAD == THREADS - 1) upc_lock(l2);
    if (MYTHREAD == 0) upc_lock(l1);
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        work += 100;
        upc_unlock(l2);
        return 0;
    }
    if (MYTHREAD == 0) {
        upc_lock(l2);
        work += 1;
        upc_unlock(l2);
        upc_unlock(l1);
    } else {
        upc_lock(l1);
        work += 1;
        upc_unlock(l1);
    }
    if (MYTHREAD == 0) printf("work = %d\n", work);
    return 0;
}
