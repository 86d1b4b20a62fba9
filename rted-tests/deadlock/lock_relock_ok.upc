/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of lock_relock_err.upc: add_twice updates the counter itself instead of calling add */
#include <upc.h>
#include <stdio.h>

upc_lock_t *lock;
shared int counter;
shared int nested[THREADS];

void add(int n)
{
    upc_lock(lock);
    counter += n;
    upc_unlock(lock);
}

void add_twice(int n)
{
    upc_lock(lock);
    if (nested[MYTHREAD]) add(n);
    else counter += n;
    counter += n;
    upc_unlock(lock);
}

int main(void)
{
    lock = upc_all_lock_alloc();
    nested[MYTHREAD] = 0;
    upc_barrier;
    add_twice(1);
    add(1);
    upc_barrier;
    if (MYTHREAD == 0) printf("counter = %d\n", counter);
    return 0;
}
