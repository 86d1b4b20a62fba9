/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of lock_free_not_lock_err.upc: the index selects the lock */
#include <upc.h>
#include <stdio.h>

shared int which[THREADS];

int main(void)
{
    upc_lock_t *handles[2];
    shared [] char *scratch = (shared [] char *) upc_alloc(64);
    handles[0] = upc_global_lock_alloc();
    handles[1] = (upc_lock_t *) scratch;
    which[MYTHREAD] = 0;
    upc_barrier;
    upc_lock_free(handles[which[MYTHREAD]]);
    upc_free(scratch);
    upc_barrier;
    if (MYTHREAD == 0) printf("handles released\n");
    return 0;
}
