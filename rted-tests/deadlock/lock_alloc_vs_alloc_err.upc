/* upc-check-test
 * expect: collective-mismatch
 * line: 19 22
 * threads: 2 4 8
 */
/* Error: the last thread calls upc_all_alloc where the others call upc_all_lock_alloc */
#include <upc.h>
#include <stdio.h>

shared int order[THREADS];

int main(void)
{
    upc_lock_t *lock = NULL;
    shared int *data = NULL;
    order[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 1 : 0;
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
