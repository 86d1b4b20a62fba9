/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of phaseof_of_lock_err.upc: upc_phaseof is given the counter, never the lock */
#include <upc.h>
#include <stdio.h>

shared int counter;
upc_lock_t *counter_lock;
shared int show_lock;

int main(void)
{
    size_t phase;
    counter_lock = upc_all_lock_alloc();
    if (MYTHREAD == 0)
        show_lock = 1;
    upc_barrier;
    upc_lock(counter_lock);
    counter += 1;
    upc_unlock(counter_lock);
    phase = upc_phaseof(&counter);
    printf("thread %d: phase %d\n", MYTHREAD, (int) phase);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(counter_lock);
    return 0;
}
