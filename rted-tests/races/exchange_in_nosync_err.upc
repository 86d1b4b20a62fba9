/* upc-check-test
 * expect: data-race
 * line: 25 27
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: exchange_in_nosync_err.upc:25 and exchange_in_nosync_err.upc:27
 */
/* All-to-all of bucket counts with upc_all_exchange and UPC_IN_NOSYNC: a thread still
   fills its outgoing row when a faster thread may already be reading it */
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
    upc_all_exchange(incoming, outgoing, sizeof(int), UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    for (t = 0; t < THREADS; t++)
        total += incoming[MYTHREAD * MAXT + t];
    printf("thread %d receives %d\n", MYTHREAD, total);
    return 0;
}
