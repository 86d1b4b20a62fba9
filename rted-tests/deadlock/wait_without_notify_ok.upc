/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of wait_without_notify_err.upc: every thread notifies before it waits */
#include <upc.h>
#include <stdio.h>

shared int skip[THREADS];

int main(void)
{
    skip[MYTHREAD] = 0;
    upc_barrier;
    if (!skip[MYTHREAD])
        upc_notify;
    upc_wait;
    if (MYTHREAD == 0) printf("phase done\n");
    return 0;
}
