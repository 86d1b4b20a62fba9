/* upc-check-test
 * expect: data-race
 * line: 21 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: two_locks_err.upc:21 and two_locks_err.upc:23
 */
/* Threads protect the same total with different locks */
#include <upc.h>
#include <stdio.h>

shared long total;

int main(void)
{
    upc_lock_t *mine = upc_all_lock_alloc();
    upc_lock_t *other = upc_all_lock_alloc();
    upc_lock_t *use = (MYTHREAD % 2) ? other : mine;
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
