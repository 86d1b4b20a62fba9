/* upc-check-test
 * expect: collective-mismatch
 * line: 29 31
 * threads: 2 3 4
 * report: the threads diverged at collective operation #2
 * report: upc_barrier at remote_reads_then_barrier_err.upc:29
 */
/* Error: thread 0 reads the other threads' data in a loop, then waits at upc_barrier,
   while the others call upc_all_broadcast.  With every thread its own node the reads are
   one-sided gets, and thread 0 arrives at its barrier when the others already wait in the
   broadcast: the report must still name thread 0's barrier (its collective operations and
   its status), not the barrier before it. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared int data[THREADS];
shared int src[THREADS], dst[THREADS];

int main(void)
{
    long sum = 0;
    int i, k;
    data[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (k = 0; k < 200; k++)
            for (i = 0; i < THREADS; i++) sum += data[i];
        upc_barrier;
    } else {
        upc_all_broadcast(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    }
    printf("%ld\n", sum);
    return 0;
}
