/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of exchange_in_nosync_err.upc: the exchange synchronizes on entry, after every row is filled */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define MAXT 16
shared [MAXT] int outgoing[MAXT * THREADS];
shared [MAXT] int incoming[MAXT * THREADS];

int main(void)
{
    int t, total = 0;
    upc_barrier;
    if (THREADS > MAXT)
        return 1;
    for (t = 0; t < THREADS; t++)
        outgoing[MYTHREAD * MAXT + t] = (MYTHREAD + 1) * (t + 2);
    /* rows are exchanged: incoming[me][t] = outgoing[t][me] */
    upc_all_exchange(incoming, outgoing, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (t = 0; t < THREADS; t++)
        total += incoming[MYTHREAD * MAXT + t];
    printf("thread %d receives %d\n", MYTHREAD, total);
    return 0;
}
