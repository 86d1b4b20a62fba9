/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of lock_alloc_vs_alloc_err.upc: every thread allocates the lock first, then the array */
#include <upc.h>
#include <stdio.h>

shared int order[THREADS];

int main(void)
{
    upc_lock_t *lock = NULL;
    shared int *data = NULL;
    order[MYTHREAD] = 0;
    upc_barrier;
    if (order[MYTHREAD] == 0) {
        lock = upc_all_lock_alloc();
        data = (shared int *) upc_all_alloc(THREADS, sizeof(int));
    } else {
        data = (shared int *) upc_all_alloc(THREADS, sizeof(int));
        lock = upc_all_lock_alloc();
    }
    upc_lock(lock);
    data[0] += 1;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("count = %d\n", data[0]);
    return 0;
}
