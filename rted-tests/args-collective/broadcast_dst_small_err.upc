/* upc-check-test
 * expect: invalid-argument
 * line: 19
 * threads: 2 4
 */
/* Error: two ints are broadcast into an array that holds only one int per thread */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define W 2
shared [W] int pair[W * THREADS];
shared int dst[THREADS];

int main(void)
{
    if (MYTHREAD == 0) { pair[0] = 1; pair[1] = 2; }
    upc_barrier;
    upc_all_broadcast(dst, pair, W * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    printf("thread %d: %d\n", MYTHREAD, dst[MYTHREAD]);
    return 0;
}
