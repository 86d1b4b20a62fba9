/* upc-check-test
 * expect: data-race
 * line: 19 21
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: notify_wait_gap_err.upc:19 and notify_wait_gap_err.upc:21
 */
/* Both threads use the work between upc_notify and upc_wait to touch the same shared value */
#include <upc.h>
#include <stdio.h>

shared double total;

int main(void)
{
    double mine = 0;
    upc_notify;
    if (MYTHREAD == 0)
        total = 3.5;
    if (MYTHREAD == THREADS - 1)
        mine = total;
    upc_wait;
    if (MYTHREAD == 0) printf("%g\n", mine);
    return 0;
}
