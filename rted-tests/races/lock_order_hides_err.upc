/* upc-check-test
 * expect: data-race
 * line: 22 33
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: lock_order_hides_err.upc:22 and lock_order_hides_err.upc:33
 */
/* Thread 0 publishes a value before taking the lock to bump a counter; the others bump the
   counter under the same lock and then read the value: only the order in which the threads
   happened to take the lock orders the read after the write. */
#include <upc.h>
#include <stdio.h>

shared int value;
shared int bumps;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int v = 0;
    if (MYTHREAD == 0) {
        value = 42;
        upc_lock(l);
        bumps += 1;
        upc_unlock(l);
    } else {
        long spin;
        for (spin = 0; spin < 200000; spin++)
            ;
        upc_lock(l);
        bumps += 1;
        upc_unlock(l);
        v = value;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", bumps, v);
    upc_all_lock_free(l);
    return 0;
}
