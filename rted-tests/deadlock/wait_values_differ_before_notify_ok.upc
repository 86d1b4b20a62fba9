/* upc-check-test
 * expect: clean
 * threads: 3 4
 */
/* Correct twin of wait_values_differ_before_notify_err.upc: every thread reads its own slot, so all wait and notify values are 5 */
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
    slot = MYTHREAD;
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
