/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of prefix_reduce_in_nosync_err.upc: the scan synchronizes on entry (UPC_IN_ALLSYNC) */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int count[THREADS];
shared int offset[THREADS];

static int my_items(void) { return 3 + MYTHREAD % 2; }

int main(void)
{
    upc_barrier;
    count[MYTHREAD] = my_items();
    upc_all_prefix_reduceI(offset, count, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d starts at %d\n", MYTHREAD, offset[MYTHREAD] - count[MYTHREAD]);
    return 0;
}
