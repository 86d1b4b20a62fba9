/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of all_lock_free_sv_err.upc: every thread passes the common lock; private locks are freed with upc_lock_free */
#include <upc.h>
#include <stdio.h>

shared int use_own[THREADS];

int main(void)
{
    upc_lock_t *common = upc_all_lock_alloc();
    upc_lock_t *own = upc_global_lock_alloc();
    use_own[MYTHREAD] = 0;
    upc_barrier;
    upc_all_lock_free(use_own[MYTHREAD] ? own : common);
    upc_lock_free(own);
    if (MYTHREAD == 0) printf("locks released\n");
    return 0;
}
