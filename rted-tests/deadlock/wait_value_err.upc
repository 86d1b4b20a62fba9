/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 19
 * threads: 2 4 8
 */
/* Error: every thread notifies with 5, but the last thread waits with 6 */
#include <upc.h>
#include <stdio.h>

shared int extra[THREADS];

int main(void)
{
    int v = 5;
    extra[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    upc_notify v;
    v += extra[MYTHREAD];
    upc_wait v;
    if (MYTHREAD == 0) printf("split barrier passed\n");
    return 0;
}
