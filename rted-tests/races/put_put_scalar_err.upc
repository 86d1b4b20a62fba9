/* upc-check-test
 * expect: data-race
 * line: 17 19
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: put_put_scalar_err.upc:17 and put_put_scalar_err.upc:19
 */
/* Thread 0 and thread 1 both write x with nothing between them */
#include <upc.h>
#include <stdio.h>

shared int x;

int main(void)
{
    if (MYTHREAD == 0)
        x = 10;
    if (MYTHREAD == 1)
        x = 20;
    upc_barrier;
    if (MYTHREAD == 0) printf("x = %d\n", x);
    return 0;
}
