/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of exchange_out_nosync_read_err.upc: UPC_OUT_MYSYNC, so the thread's own received
   blocks are complete when it returns. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 2
shared [N * 16] int sendb[N * 16 * THREADS];
shared [N * 16] int recvb[N * 16 * THREADS];

int main(void)
{
    int k, x;
    for (k = 0; k < N * THREADS; k++) sendb[MYTHREAD * N * 16 + k] = MYTHREAD * 100 + k;
    upc_all_exchange(recvb, sendb, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_MYSYNC);
    x = recvb[MYTHREAD * N * 16 + ((MYTHREAD + 1) % THREADS) * N];
    upc_barrier;
    printf("%d: %d\n", MYTHREAD, x);
    return 0;
}
