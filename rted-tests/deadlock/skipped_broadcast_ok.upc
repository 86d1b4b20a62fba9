/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of skipped_broadcast_err.upc: every thread takes part in the broadcast */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int coeff[THREADS];
shared int seed;
shared int cached[THREADS];

int main(void)
{
    if (MYTHREAD == 0)
        seed = 42;
    cached[MYTHREAD] = (MYTHREAD == 1);
    upc_barrier;
    upc_all_broadcast(coeff, &seed, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    printf("thread %d: coefficient %d (cached %d)\n", MYTHREAD, coeff[MYTHREAD], cached[MYTHREAD]);
    return 0;
}
