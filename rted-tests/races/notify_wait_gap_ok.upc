/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of notify_wait_gap_err.upc: the write is before upc_notify, the read after upc_wait */
#include <upc.h>
#include <stdio.h>

shared double total;

int main(void)
{
    double mine = 0;
    if (MYTHREAD == 0)
        total = 3.5;
    upc_notify;
    upc_wait;
    if (MYTHREAD == THREADS - 1)
        mine = total;
    if (MYTHREAD == 0) printf("%g\n", mine);
    return 0;
}
