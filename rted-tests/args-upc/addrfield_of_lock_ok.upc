/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of addrfield_of_lock_err.upc: upc_addrfield is given the counter, never the lock */
#include <upc.h>
#include <stdio.h>

shared int counter;
upc_lock_t *counter_lock;
shared int show_lock;

int main(void)
{
    size_t offset;
    counter_lock = upc_all_lock_alloc();
    if (MYTHREAD == 0)
        show_lock = 1;
    upc_barrier;
    upc_lock(counter_lock);
    counter += 1;
    upc_unlock(counter_lock);
    offset = upc_addrfield(&counter);
    printf("thread %d: offset %d\n", MYTHREAD, (int) offset);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(counter_lock);
    return 0;
}
