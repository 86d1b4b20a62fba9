/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: thread 0 frees the lock and then the last thread frees it again */
#include <upc.h>
#include <stdio.h>

shared int cleaner;

int main(void)
{
    upc_lock_t *lock = upc_all_lock_alloc();
    if (MYTHREAD == 0) cleaner = THREADS - 1;
    upc_lock(lock);
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(lock);
    upc_barrier;
    if (MYTHREAD == cleaner)
        upc_lock_free(lock);
    if (MYTHREAD == 0) printf("lock released\n");
    return 0;
}
