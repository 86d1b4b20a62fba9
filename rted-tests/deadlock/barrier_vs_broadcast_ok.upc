/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of barrier_vs_broadcast_err.upc: every thread takes the same path */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int src;
shared int dst[THREADS];
shared int mode[THREADS];

int main(void)
{
    if (MYTHREAD == 0) src = 42;
    mode[MYTHREAD] = 1;  /* every thread broadcasts */
    upc_barrier;
    if (mode[MYTHREAD])
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_barrier;
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
