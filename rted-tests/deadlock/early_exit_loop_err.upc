/* upc-check-test
 * expect: finished-while-waiting
 * line: 22
 * threads: 2 4 8
 * report: was at the end of execution at early_exit_loop_err.upc:25
 * report: upc_barrier at early_exit_loop_err.upc:22
 */
/* Error: thread 1 reads a smaller iteration count and leaves the time-step loop one step early */
#include <upc.h>
#include <stdio.h>

shared int steps[THREADS];
shared double energy[THREADS];

int main(void)
{
    int t;
    steps[MYTHREAD] = (MYTHREAD == 1) ? 2 : 3;
    upc_barrier;
    for (t = 0; t < steps[MYTHREAD]; t++) {
        energy[MYTHREAD] += 0.5 * t;
        upc_barrier;
    }
    printf("thread %d: energy %f\n", MYTHREAD, energy[MYTHREAD]);
    return 0;
}
