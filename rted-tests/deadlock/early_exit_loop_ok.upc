/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of early_exit_loop_err.upc: every thread runs the same number of steps */
#include <upc.h>
#include <stdio.h>

shared int steps[THREADS];
shared double energy[THREADS];

int main(void)
{
    int t;
    steps[MYTHREAD] = 3;
    upc_barrier;
    for (t = 0; t < steps[MYTHREAD]; t++) {
        energy[MYTHREAD] += 0.5 * t;
        upc_barrier;
    }
    printf("thread %d: energy %f\n", MYTHREAD, energy[MYTHREAD]);
    return 0;
}
