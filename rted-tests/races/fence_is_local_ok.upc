/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of fence_is_local_err.upc: a barrier, not a fence, orders the accesses */
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
    upc_barrier;
    if (MYTHREAD == 1)
        r = result;
    printf("%d\n", r);
    return 0;
}
