/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of put_put_scalar_err.upc: a barrier orders the two writes */
#include <upc.h>
#include <stdio.h>

shared int x;

int main(void)
{
    if (MYTHREAD == 0)
        x = 10;
    upc_barrier;
    if (MYTHREAD == 1)
        x = 20;
    upc_barrier;
    if (MYTHREAD == 0) printf("x = %d\n", x);
    return 0;
}
