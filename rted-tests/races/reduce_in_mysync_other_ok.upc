/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of reduce_in_mysync_other_err.upc: thread 1 writes its own element, which
   UPC_IN_MYSYNC orders before the reduction reads it. */
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
        src[1] = 100;
    upc_all_reduceL(&total, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("%ld\n", total);
    return 0;
}
