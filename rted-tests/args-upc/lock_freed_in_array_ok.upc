/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: thread 0 retires slot 1's lock only after everyone is done with it */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared locks[THREADS];
shared int counter[THREADS];

int main(void)
{
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;

    if (MYTHREAD == 1) {
        upc_lock(locks[1]);
        counter[1]++;
        upc_unlock(locks[1]);
    }
    upc_barrier;
    if (MYTHREAD == 0) upc_lock_free(locks[1]);
    if (MYTHREAD == 0) printf("counter %d\n", counter[1]);
    return 0;
}
