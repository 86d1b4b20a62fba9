/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of notify_values_err.upc: every thread notifies with the same value */
#include <upc.h>
#include <stdio.h>

shared int data[THREADS];

int tag(int t) { return t >= 0 ? 100 : 100 + t; }

int main(void)
{
    int v = tag(MYTHREAD);
    data[MYTHREAD] = MYTHREAD * MYTHREAD;
    upc_notify v;
    data[MYTHREAD] += 1;
    upc_wait;
    if (MYTHREAD == 0) printf("data[1] = %d\n", data[1]);
    return 0;
}
