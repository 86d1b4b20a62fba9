/* upc-check-test
 * expect: split-barrier
 * line: 18
 * threads: 2 4 8
 */
/* Error: the thread whose flag is set calls upc_wait without a preceding upc_notify */
#include <upc.h>
#include <stdio.h>

shared int skip[THREADS];

int main(void)
{
    skip[MYTHREAD] = (MYTHREAD == 1);
    upc_barrier;
    if (!skip[MYTHREAD])
        upc_notify;
    upc_wait;
    if (MYTHREAD == 0) printf("phase done\n");
    return 0;
}
