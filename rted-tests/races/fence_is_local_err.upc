/* upc-check-test
 * expect: data-race
 * line: 18 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: fence_is_local_err.upc:18 and fence_is_local_err.upc:23
 */
/* upc_fence orders only the calling thread's accesses: it does not make thread 1's read safe */
#include <upc.h>
#include <stdio.h>

shared int result;

int main(void)
{
    int r = 0;
    if (MYTHREAD == 0) {
        result = 9;
        upc_fence;
    }
    upc_fence;
    if (MYTHREAD == 1)
        r = result;
    upc_barrier;
    printf("%d\n", r >= 0);
    return 0;
}
