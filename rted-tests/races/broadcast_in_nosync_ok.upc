/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of broadcast_in_nosync_err.upc: UPC_IN_MYSYNC waits for a thread before writing its block */
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
    upc_all_broadcast(copy, table, N * sizeof(int), UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
    printf("%d\n", copy[MYTHREAD * N + 1]);
    return 0;
}
