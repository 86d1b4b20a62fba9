/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 * value: flags = UPC_IN_ALLSYNC|UPC_IN_NOSYNC|UPC_OUT_ALLSYNC
 */
/* Error: the synchronization flags are assembled from two settings and end up with two IN flags (ALLSYNC and NOSYNC) */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int strict_entry;
shared int v[THREADS];
shared int r;

int main(void)
{
    upc_flag_t flags = UPC_IN_NOSYNC | UPC_OUT_ALLSYNC;
    v[MYTHREAD] = 1;
    if (MYTHREAD == 0) strict_entry = 1;
    upc_barrier;
    if (strict_entry) flags |= UPC_IN_ALLSYNC;
    upc_all_reduceI(&r, v, UPC_ADD, THREADS, 1, NULL, flags);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
