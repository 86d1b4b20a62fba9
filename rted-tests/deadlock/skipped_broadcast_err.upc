/* upc-check-test
 * expect: collective-mismatch
 * line: 25 26
 * threads: 2 4 8
 * report: the threads diverged at collective operation #2
 * report: upc_all_broadcast at skipped_broadcast_err.upc:25
 * report: upc_barrier at skipped_broadcast_err.upc:26
 */
/* Error: thread 1 believes its copy of the coefficients is current and skips the broadcast the others run */
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
    if (!cached[MYTHREAD])
        upc_all_broadcast(coeff, &seed, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier;
    printf("thread %d: coefficient %d\n", MYTHREAD, coeff[MYTHREAD]);
    return 0;
}
