/* upc-check-test
 * expect: collective-mismatch
 * line: 18 23
 * threads: 2 4 8
 */
/* Error: thread 0 calls upc_all_reduceL while the other threads call upc_all_reduceI */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared long lvals[THREADS];
shared long lsum;
shared int ivals[THREADS];
shared int isum;

void reduce_long(void)
{
    upc_all_reduceL(&lsum, lvals, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

void reduce_int(void)
{
    upc_all_reduceI(&isum, ivals, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(void)
{
    lvals[MYTHREAD] = MYTHREAD;
    ivals[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0)
        reduce_long();
    else
        reduce_int();
    if (MYTHREAD == 0) printf("sums %ld %d\n", lsum, isum);
    return 0;
}
