/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 * stdout: done 42
 */
/* Correct: after a thousand barriers, every thread calls upc_all_broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int src;
shared int dst[THREADS];
shared int rounds[THREADS];

int main(void)
{
    int i;
    rounds[MYTHREAD] = 1000 + (MYTHREAD == THREADS - 1);
    if (MYTHREAD == 0)
        src = 42;
    upc_barrier;
    for (i = 0; i < 1000; i++)
        upc_barrier;
    if (rounds[MYTHREAD] >= 1000)
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        upc_barrier;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("done %d\n", dst[THREADS - 1]);
    return 0;
}
