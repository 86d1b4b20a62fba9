/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of function_helper_err.upc: the helper runs before a barrier */
#include <upc.h>
#include <stdio.h>

shared double stats[THREADS];

static void record(double v)
{
    stats[0] = v;
}

int main(void)
{
    double m = 0;
    if (MYTHREAD == 1)
        record(2.5);
    upc_barrier;
    if (MYTHREAD == 0)
        m = stats[0];
    printf("%g\n", m);
    return 0;
}
