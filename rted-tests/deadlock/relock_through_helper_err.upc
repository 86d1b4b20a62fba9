/* upc-check-test
 * expect: lock-relock
 * line: 18
 * threads: 2 4 8
 * report: was taken at relock_through_helper_err.upc:31
 * report: lock `table_lock` allocated at relock_through_helper_err.upc:27 by upc_global_lock_alloc on thread 0 (variable 'table_lock' declared at relock_through_helper_err.upc:12)
 */
/* Error: the insert helper locks the table, but the caller already holds the lock when the table is full */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared table_lock;
shared int table[THREADS];
shared int used;

void insert(int v)
{
    upc_lock(table_lock);
    table[used % THREADS] = v;
    used++;
    upc_unlock(table_lock);
}

int main(void)
{
    if (MYTHREAD == 0) {
        table_lock = upc_global_lock_alloc();
        used = THREADS;
    }
    upc_barrier;
    upc_lock(table_lock);
    if (used >= THREADS) {
        printf("thread %d: table full, inserting anyway\n", MYTHREAD);
        insert(MYTHREAD);
    }
    upc_unlock(table_lock);
    upc_barrier;
    return 0;
}
