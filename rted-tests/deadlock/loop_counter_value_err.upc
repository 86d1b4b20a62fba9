/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 18
 * threads: 2 4 8
 */
/* Error: the barrier carries the loop counter, but the last thread's counter starts at a value read from shared data that is one too high */
#include <upc.h>
#include <stdio.h>

shared int start[THREADS];

int main(void)
{
    int i;
    start[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    for (i = start[MYTHREAD]; i < start[MYTHREAD] + 3; i++)
        upc_barrier i;
    if (MYTHREAD == 0) printf("three steps\n");
    return 0;
}
