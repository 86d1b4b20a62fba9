/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: prefix_reduce_in_nosync_err.upc:22 and prefix_reduce_in_nosync_err.upc:23
 */
/* Offsets by a prefix sum: each thread stores its count and calls the scan with
   UPC_IN_NOSYNC, so a thread that arrives first may read a count not yet stored */
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
    upc_all_prefix_reduceI(offset, count, UPC_ADD, THREADS, 1, NULL, UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d starts at %d\n", MYTHREAD, offset[MYTHREAD] - count[MYTHREAD]);
    return 0;
}
