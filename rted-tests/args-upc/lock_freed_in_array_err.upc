/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 3 4 8
 */
/* Error: locks stored in a shared array are retired by their owners with upc_lock_free; thread 0 retires slot 1's lock too early and thread 1 then locks it */
#include <upc.h>
#include <stdio.h>

upc_lock_t *shared locks[THREADS];
shared int counter[THREADS];

int main(void)
{
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0) upc_lock_free(locks[1]);
    upc_barrier;
    if (MYTHREAD == 1) {
        upc_lock(locks[1]);
        counter[1]++;
        upc_unlock(locks[1]);
    }
    upc_barrier;

    if (MYTHREAD == 0) printf("counter %d\n", counter[1]);
    return 0;
}
