/* upc-check-test
 * expect: data-race
 * line: 21 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: read_outside_lock_err.upc:21 and read_outside_lock_err.upc:25
 */
/* Workers add under a lock while thread 0 prints the running total without taking it */
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
        printf("partial %d\n", sum >= 0 ? 1 : 0);
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%d\n", sum);
    return 0;
}
