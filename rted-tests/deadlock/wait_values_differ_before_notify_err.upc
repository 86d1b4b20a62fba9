/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 26 29
 * threads: 3 4
 * report: upc_wait 6
 */
/* Error: threads 0 and 1 notify without a value and wait with the step number they read (5 and 6: thread 1 reads the next slot); the other threads notify late with 5, the first wait value, so only thread 1's wait value mismatches */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

shared int step[THREADS + 1];

int main(void)
{
    int w, slot;
    step[MYTHREAD] = 5;
    if (MYTHREAD == 0)
        step[THREADS] = 6;
    upc_barrier;
    slot = (MYTHREAD == 1) ? THREADS : MYTHREAD;
    w = step[slot];
    if (MYTHREAD < 2) {
        upc_notify;
        usleep(MYTHREAD * 100000);
        upc_wait w;
    } else {
        usleep(400000);
        upc_notify w;
        upc_wait;
    }
    if (MYTHREAD == 0) printf("step %d done\n", w);
    return 0;
}
