/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of attempt_loop_hides_err.upc: thread 1 resets the element only after a barrier. */
#include <upc.h>
#include <stdio.h>

shared int next_slot;
shared double result[THREADS];

static void claim(upc_lock_t *l, int *slot)
{
    while (!upc_lock_attempt(l))
        ;
    *slot = next_slot;
    next_slot = *slot + 1;
    upc_unlock(l);
}

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int slot;
    if (MYTHREAD == 0)
        result[0] = 1.5;
    claim(l, &slot);
    upc_barrier;
    if (MYTHREAD == 1)
        result[0] = 0.0;
    upc_barrier;
    if (MYTHREAD == 0) printf("%g %d\n", result[0], next_slot);
    upc_all_lock_free(l);
    return 0;
}
