/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of strict_pragma_err.upc: both accesses are strict */
#include <upc.h>
#include <stdio.h>

shared int level;

static void set_level(int v)
{
#pragma upc strict
    level = v;
}

static int get_level(void)
{
#pragma upc strict
    return level;
}

int main(void)
{
    int l = 0;
    if (MYTHREAD == 0)
        set_level(3);
    if (MYTHREAD == 1)
        l = get_level();
    upc_barrier;
    printf("%d\n", l >= 0);
    return 0;
}
