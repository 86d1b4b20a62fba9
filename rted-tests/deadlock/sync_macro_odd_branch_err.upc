/* upc-check-test
 * expect: collective-mismatch
 * line: 23 25 26
 * threads: 2 4 8
 */
/* Error: a SYNC() macro that hides upc_barrier sits inside if (MYTHREAD % 2), so the odd threads are one barrier behind and meet the even threads' broadcast with a barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define SYNC() upc_barrier
#define BCAST(dst, src) upc_all_broadcast(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)

shared int params;
shared int copy[THREADS];

int main()
{
    if (MYTHREAD == 0)
        params = 42;
    if (MYTHREAD % 2) {
        copy[MYTHREAD] = -1;
        SYNC();
    }
    SYNC();
    BCAST(copy, &params);
    if (MYTHREAD == 0)
        printf("copy %d\n", copy[THREADS - 1]);
    return 0;
}
