/* upc-check-test
 * expect: lock-chain-finished
 * line: 21 24 29
 * threads: 2 4 8
 */
/* Error: the last thread finishes holding lock 2; thread 0 holds lock 1 and waits for lock 2; every other thread waits for lock 1 */
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
