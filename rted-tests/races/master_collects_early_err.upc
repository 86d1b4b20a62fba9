/* upc-check-test
 * expect: data-race
 * line: 26 29
 * threads: 2 4 8
 * flags: --upccheck:-r
 */
/* Error: the master sums the workers' results right after computing its own, before the barrier that would order the workers' writes before its reads */
#include <upc.h>
#include <stdio.h>

shared double result[THREADS];

static double work(int t)
{
    double x = 0.0;
    int k;
    for (k = 0; k < 1000; k++)
        x += (t + 1) * 0.001;
    return x;
}

int main(void)
{
    double total = 0.0;
    int t;
    result[MYTHREAD] = work(MYTHREAD);
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            total += result[t];
        printf("total %g\n", total);
    }
    upc_barrier;
    return 0;
}
