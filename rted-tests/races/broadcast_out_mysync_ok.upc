/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of broadcast_out_mysync_err.upc: after a UPC_OUT_MYSYNC broadcast every
   thread reads its own copy of the table, complete when its call returns. */
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
    x = copy[MYTHREAD * N + 1];
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        x += copy[1];
    printf("%d: %d\n", MYTHREAD, x);
    return 0;
}
