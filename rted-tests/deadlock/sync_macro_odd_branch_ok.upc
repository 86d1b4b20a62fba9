/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the odd threads' extra work is done before a barrier that every thread runs */
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
    }
    SYNC();
    SYNC();
    BCAST(copy, &params);
    if (MYTHREAD == 0)
        printf("copy %d\n", copy[THREADS - 1]);
    return 0;
}
