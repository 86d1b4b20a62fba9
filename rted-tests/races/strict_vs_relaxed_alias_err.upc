/* upc-check-test
 * expect: data-race
 * line: 19 21
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: strict_vs_relaxed_alias_err.upc:19 and strict_vs_relaxed_alias_err.upc:21
 */
/* A strict variable written through a relaxed pointer races with another thread's strict read */
#include <upc.h>
#include <stdio.h>

strict shared int s;

int main(void)
{
    relaxed shared int *p = (relaxed shared int *)&s;
    int v = 0;
    if (MYTHREAD == 0)
        *p = 5;
    if (MYTHREAD == 1)
        v = s;
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", v);
    return 0;
}
