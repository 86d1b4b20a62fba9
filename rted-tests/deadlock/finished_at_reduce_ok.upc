/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of finished_at_reduce_err.upc: thread 0 takes part in the reduction whatever its local part */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double part[THREADS];
shared double total;

int main(void)
{
    part[MYTHREAD] = MYTHREAD * 1.5;
    upc_barrier;
    if (part[MYTHREAD] >= 0.0)
        upc_all_reduceD(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    else
        printf("thread %d has nothing to add\n", MYTHREAD);
    if (MYTHREAD == 1) printf("total = %f\n", total);
    return 0;
}
