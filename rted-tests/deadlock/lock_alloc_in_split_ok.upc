/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of lock_alloc_in_split_err.upc: the lock is allocated before the notify */
#include <upc.h>
#include <stdio.h>

shared int hits;

int main(void)
{
    upc_lock_t *lock;
    lock = upc_all_lock_alloc();
    upc_notify;
    upc_wait;
    upc_lock(lock);
    hits += 1;
    upc_unlock(lock);
    upc_barrier;
    if (MYTHREAD == 0) printf("hits = %d\n", hits);
    return 0;
}
