/* upc-check-test
 * expect: lock-cycle
 * line: 19 20
 * threads: 2 4 8
 */
/* Error: thread 0 holds A and wants B while thread 1 holds B and wants A */
#include <upc.h>
#include <stdio.h>

shared int moved;

int main(void)
{
    upc_lock_t *a = upc_all_lock_alloc();
    upc_lock_t *b = upc_all_lock_alloc();
    if (MYTHREAD == 0) upc_lock(a);
    if (MYTHREAD == 1) upc_lock(b);
    upc_barrier;
    if (MYTHREAD == 0) upc_lock(b);
    if (MYTHREAD == 1) upc_lock(a);
    if (MYTHREAD <= 1) {
        moved += 1;
        upc_unlock(a);
        upc_unlock(b);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("moved = %d\n", moved);
    return 0;
}
