/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of relock_through_helper_err.upc: the caller releases the lock before calling the helper */
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
    int full;
    if (MYTHREAD == 0) {
        table_lock = upc_global_lock_alloc();
        used = THREADS;
    }
    upc_barrier;
    upc_lock(table_lock);
    full = used >= THREADS;
    upc_unlock(table_lock);
    if (full)
        insert(MYTHREAD);
    upc_barrier;
    return 0;
}
