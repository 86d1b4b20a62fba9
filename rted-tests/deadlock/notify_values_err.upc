/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 18 20
 * threads: 2 4 8
 */
/* Error: upc_notify gets a value derived from MYTHREAD on thread 1 only */
#include <upc.h>
#include <stdio.h>

shared int data[THREADS];

int tag(int t) { return t == 1 ? 100 + t : 100; }

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
