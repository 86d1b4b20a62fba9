/* upc-check-test
 * expect: invalid-argument
 * line: 24
 * threads: 2 4
 */
/* Error: the in-place flag read from shared data makes the prefix reduction write into its own source */
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
    if (MYTHREAD == 0) in_place = 1;
    upc_barrier;
    dst = in_place ? in : out;
    upc_all_prefix_reduceL(dst, in, UPC_ADD, N * THREADS, N, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("last prefix = %ld\n", dst[N * THREADS - 1]);
    return 0;
}
