/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of two_locks_err.upc: every thread takes the same lock */
#include <upc.h>
#include <stdio.h>

shared long total;

int main(void)
{
    upc_lock_t *mine = upc_all_lock_alloc();
    upc_lock_t *other = upc_all_lock_alloc();
    upc_lock_t *use = (MYTHREAD % 2) ? mine : mine;
    (void)other;
    upc_lock(use);
    if (MYTHREAD % 2 == 0)
        total = total + MYTHREAD;
    else
        total = total + 1;
    upc_unlock(use);
    upc_barrier;
    if (MYTHREAD == 0) printf("%ld\n", total);
    return 0;
}
