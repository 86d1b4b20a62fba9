/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of lock_free_twice_err.upc: only thread 0 frees the lock */
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
        printf("thread %d: nothing left to free\n", MYTHREAD);
    if (MYTHREAD == 0) printf("lock released\n");
    return 0;
}
