/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of read_before_wait_err.upc: the read is after upc_wait */
#include <upc.h>
#include <stdio.h>

shared int box[THREADS];

int main(void)
{
    int got = 0;
    if (MYTHREAD == 0)
        box[1] = 7;
    upc_notify;
    upc_wait;
    if (MYTHREAD == 1)
        got = box[1];
    printf("%d\n", got);
    return 0;
}
