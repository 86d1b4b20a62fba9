/* upc-check-test
 * expect: data-race
 * line: 24 26
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: broadcast_out_mysync_err.upc:24 and broadcast_out_mysync_err.upc:26
 */
/* UPC_OUT_MYSYNC returns once the thread's own block is written: the last thread reads
   thread 0's copy of the table, which the broadcast may still be writing. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [] int table[N];
shared [N] int copy[N * THREADS];

int main(void)
{
    int k, x;
    if (MYTHREAD == 0)
        for (k = 0; k < N; k++)
            table[k] = 7 * k;
    upc_all_broadcast(copy, table, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_MYSYNC);
    if (MYTHREAD == THREADS - 1)
        x = copy[1];
    else
        x = copy[MYTHREAD * N + 1];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, x);
    return 0;
}
