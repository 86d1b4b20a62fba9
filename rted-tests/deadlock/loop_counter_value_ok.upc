/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of loop_counter_value_err.upc: every thread's counter starts at 0 */
#include <upc.h>
#include <stdio.h>

shared int start[THREADS];

int main(void)
{
    int i;
    start[MYTHREAD] = 0;
    upc_barrier;
    for (i = start[MYTHREAD]; i < start[MYTHREAD] + 3; i++)
        upc_barrier i;
    if (MYTHREAD == 0) printf("three steps\n");
    return 0;
}
