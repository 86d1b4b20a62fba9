/* upc-check-test
 * expect: data-race
 * line: 23 25
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: broadcast_in_nosync_err.upc:23 and broadcast_in_nosync_err.upc:25
 */
/* UPC_IN_NOSYNC lets the broadcast start writing a thread's block as soon as the first
   thread arrives: a thread that still clears its own block before the call races with it */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 4
shared [] int table[N];
shared [N] int copy[N * THREADS];

int main(void)
{
    int i;
    if (MYTHREAD == 0) for (i = 0; i < N; i++) table[i] = 10 * i;
    upc_barrier;
    for (i = 0; i < N; i++) copy[MYTHREAD * N + i] = 0;
    /* broadcast table into every thread's block */
    upc_all_broadcast(copy, table, N * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    printf("%d\n", copy[MYTHREAD * N + 1]);
    return 0;
}
