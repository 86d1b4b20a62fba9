/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of strict_vs_relaxed_alias_err.upc: both accesses are strict (strict accesses never race) */
#include <upc.h>
#include <stdio.h>

strict shared int s;

int main(void)
{
    strict shared int *p = &s;
    int v = 0;
    if (MYTHREAD == 0)
        *p = 5;
    if (MYTHREAD == 1)
        v = s;
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", v >= 0);
    return 0;
}
