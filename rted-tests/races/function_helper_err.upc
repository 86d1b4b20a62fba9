/* upc-check-test
 * expect: data-race
 * line: 16 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: function_helper_err.upc:16 and function_helper_err.upc:25
 */
/* The racing write is in a helper function called by one thread */
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
    if (MYTHREAD == 0)
        m = stats[0];
    upc_barrier;
    printf("%g\n", m >= 0 ? 1.0 : 0.0);
    return 0;
}
