/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of read_outside_lock_err.upc: the reader takes the lock too */
#include <upc.h>
#include <stdio.h>

shared int sum;

int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int i;
    if (MYTHREAD != 0) {
        for (i = 0; i < 10; i++) {
            upc_lock(l);
            sum += i;
            upc_unlock(l);
        }
    } else {
        upc_lock(l);
        printf("partial %d\n", sum >= 0 ? 1 : 0);
        upc_unlock(l);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", sum);
    return 0;
}
