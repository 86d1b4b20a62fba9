/* upc-check-test
 * expect: data-race
 * line: 31 34
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: attempt_loop_hides_err.upc:31 and attempt_loop_hides_err.upc:34
 */
/* Textbook exercise: workers claim a slot with a upc_lock_attempt loop; thread 1 also
   resets the shared result array's first element outside the lock, after its claim, while
   thread 0 wrote it before its claim. */
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
    if (MYTHREAD == 1)
        result[0] = 0.0;
    upc_barrier;
    if (MYTHREAD == 0) printf("%g %d\n", result[0], next_slot);
    upc_all_lock_free(l);
    return 0;
}
