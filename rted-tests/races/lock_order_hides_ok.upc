/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of lock_order_hides_err.upc: the readers wait under the lock until thread 0 said the
   value is there (a flag written and read under the lock) before they read it. */
#include <upc.h>
#include <stdio.h>

shared int value;
shared int ready;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int v = 0;
    if (MYTHREAD == 0) {
        value = 42;
        upc_lock(l);
        ready = 1;
        upc_unlock(l);
    } else {
        int seen = 0;
        while (!seen) {
            upc_lock(l);
            seen = ready;
            upc_unlock(l);
        }
        v = value;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%d %d\n", ready, v);
    upc_all_lock_free(l);
    return 0;
}
