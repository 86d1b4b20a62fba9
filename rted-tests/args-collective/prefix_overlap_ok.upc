/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of prefix_overlap_err.upc: the result goes to a separate array */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 2
shared [N] long in[N * THREADS];
shared [N] long out[N * THREADS];
shared int in_place;

int main(void)
{
    shared [N] long *dst;
    in[MYTHREAD * N] = 1;
    in[MYTHREAD * N + 1] = 2;
    if (MYTHREAD == 0) in_place = 0;
    upc_barrier;
    dst = in_place ? in : out;
    upc_all_prefix_reduceL(dst, in, UPC_ADD, N * THREADS, N, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("last prefix = %ld\n", dst[N * THREADS - 1]);
    return 0;
}
