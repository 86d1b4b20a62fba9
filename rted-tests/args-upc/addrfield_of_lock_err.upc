/* upc-check-test
 * expect: invalid-argument
 * line: 27
 * threads: 2 4 8
 * report: upc_addrfield of a lock is undefined
 * report: it points to a lock
 * report: `counter_lock` allocated at addrfield_of_lock_err.upc:20 by upc_all_lock_alloc
 */
/* Error: the debugging printout passes the lock itself, not the counter it protects, to upc_addrfield */
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
    offset = show_lock ? upc_addrfield(counter_lock) : upc_addrfield(&counter);
    printf("thread %d: offset %d\n", MYTHREAD, (int) offset);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(counter_lock);
    return 0;
}
