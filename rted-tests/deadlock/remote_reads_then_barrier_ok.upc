/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 */
/* OK: thread 0 reads the other threads' data in a loop, then every thread meets at
   upc_barrier and calls upc_all_broadcast (the twin of remote_reads_then_barrier_err). */
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
    }
    upc_barrier;
    upc_all_broadcast(dst, src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("%ld\n", sum);
    return 0;
}
