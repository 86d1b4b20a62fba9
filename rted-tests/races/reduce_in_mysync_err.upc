/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: reduce_in_mysync_err.upc:22 and reduce_in_mysync_err.upc:23
 */
/* UPC_IN_MYSYNC reads a thread's data once that thread has entered: thread 1's last-minute
   correction of thread 0's element is not ordered before the reduction reads it. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared long val[THREADS];
shared long total;

int main(void)
{
    if (MYTHREAD != 0)
        val[MYTHREAD] = MYTHREAD + 1;
    if (MYTHREAD == 1)
        val[0] = 10;
    upc_all_reduceL(&total, val, UPC_ADD, THREADS, 1, NULL, UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("%ld\n", total);
    return 0;
}
