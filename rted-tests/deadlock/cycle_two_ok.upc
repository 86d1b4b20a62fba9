/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of cycle_two_err.upc: both threads take A before B */
#include <upc.h>
#include <stdio.h>

shared int moved;

int main(void)
{
    upc_lock_t *a = upc_all_lock_alloc();
    upc_lock_t *b = upc_all_lock_alloc();
    upc_barrier;
    if (MYTHREAD <= 1) {
        upc_lock(a);
        upc_lock(b);
        moved += 1;
        upc_unlock(b);
        upc_unlock(a);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("moved = %d\n", moved);
    return 0;
}
