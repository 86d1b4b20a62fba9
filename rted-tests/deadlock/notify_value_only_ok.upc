/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: every thread tags its upc_notify with the same stage number */
#include <upc.h>
#include <stdio.h>

shared int stage_of[THREADS];

static int stage(int step)
{
    return step;
}

int main(void)
{
    int step;
    double acc = 0.0;
    for (step = 0; step < 4; step++) {
        stage_of[MYTHREAD] = step;
        upc_notify stage(step);
        acc += step * 0.5;
        upc_wait;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("%g\n", acc);
    return 0;
}
