/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: reduce_in_mysync_other_err.upc:22 and reduce_in_mysync_other_err.upc:23
 */
/* upc_all_reduceL with UPC_IN_MYSYNC: a thread's source element is read once that
   thread entered, but thread 1 writes thread 0's element just before entering. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared long src[THREADS];
shared long total;

int main(void)
{
    src[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    if (MYTHREAD == 1)
        src[0] = 100;
    upc_all_reduceL(&total, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("%ld\n", total);
    return 0;
}
