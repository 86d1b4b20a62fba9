/* upc-check-test
 * expect: data-race
 * line: 17 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: strict_pragma_err.upc:17 and strict_pragma_err.upc:27
 */
/* The writer is under #pragma upc strict, the reader under #pragma upc relaxed: the relaxed read races */
#include <upc.h>
#include <stdio.h>

shared int level;

static void set_level(int v)
{
#pragma upc strict
    level = v;
}

int main(void)
{
#pragma upc relaxed
    int l = 0;
    if (MYTHREAD == 0)
        set_level(3);
    if (MYTHREAD == 1)
        l = level;
    upc_barrier;
    printf("%d\n", l >= 0);
    return 0;
}
