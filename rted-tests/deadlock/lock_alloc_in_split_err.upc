/* upc-check-test
 * expect: split-barrier
 * line: 16
 * threads: 2 4 8
 */
/* Error: upc_all_lock_alloc between upc_notify and upc_wait */
#include <upc.h>
#include <stdio.h>

shared int hits;

int main(void)
{
    upc_lock_t *lock;
    upc_notify;
    lock = upc_all_lock_alloc();
    upc_wait;
    upc_lock(lock);
    hits += 1;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("hits = %d\n", hits);
    return 0;
}
