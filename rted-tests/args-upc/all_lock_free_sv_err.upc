/* upc-check-test
 * expect: single-valued-mismatch
 * line: 18
 * threads: 2 4
 */
/* Error: the last thread passes its private lock to upc_all_lock_free instead of the common one */
#include <upc.h>
#include <stdio.h>

shared int use_own[THREADS];

int main(void)
{
    upc_lock_t *common = upc_all_lock_alloc();
    upc_lock_t *own = upc_global_lock_alloc();
    use_own[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    upc_all_lock_free(use_own[MYTHREAD] ? own : common);
    if (MYTHREAD == 0) printf("locks released\n");
    return 0;
}
