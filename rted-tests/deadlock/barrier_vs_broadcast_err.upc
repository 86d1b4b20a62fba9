/* upc-check-test
 * expect: collective-mismatch
 * line: 21 23
 * threads: 2 4 8
 */
/* Error: the last thread calls upc_all_broadcast while the others are at upc_barrier */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int src;
shared int dst[THREADS];
shared int mode[THREADS];

int main(void)
{
    if (MYTHREAD == 0) src = 42;
    mode[MYTHREAD] = (MYTHREAD == THREADS - 1);  /* decided at run time */
    upc_barrier;
    if (mode[MYTHREAD])
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_barrier;
    upc_barrier;
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
