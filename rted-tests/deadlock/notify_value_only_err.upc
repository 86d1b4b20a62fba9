/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 23 25
 * threads: 2 4 8
 */
/* Error: the split barrier tags only its upc_notify with the step's stage number (upc_wait has no value); the last thread computed its stage from a stale counter, so the notify values disagree */
#include <upc.h>
#include <stdio.h>

shared int stage_of[THREADS];

static int stage(int step)
{
    return MYTHREAD == THREADS - 1 && step == 2 ? step - 1 : step;
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
