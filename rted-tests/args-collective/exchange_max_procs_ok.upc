/* upc-check-test
 * expect: clean
 * threads: 2 4 6 8
 */
/* Correct twin of exchange_max_procs_err.upc: the class table's MAX_PROCS covers every thread count the benchmark runs with (8), so each destination block holds the buckets of all threads */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define MAX_PROCS 8
#define BUCKET 16                      /* keys per (sender, receiver) pair */

shared [BUCKET * MAX_PROCS] int send_keys[BUCKET * MAX_PROCS * THREADS];
shared [BUCKET * MAX_PROCS] int recv_keys[BUCKET * MAX_PROCS * THREADS];

static void create_seq(void)
{
    int i, t;
    for (t = 0; t < THREADS && t < MAX_PROCS; t++)
        for (i = 0; i < BUCKET; i++)
            send_keys[MYTHREAD * BUCKET * MAX_PROCS + t * BUCKET + i] = 1000 * MYTHREAD + t;
}

static void rank_keys(int iteration)
{
    upc_all_exchange(recv_keys, send_keys, BUCKET * sizeof(int),
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0 && iteration == 1)
        printf("thread 0 got %d from thread 1\n", recv_keys[BUCKET]);
}

int main(void)
{
    int it;
    if (THREADS > MAX_PROCS && MYTHREAD == 0)
        printf("warning: class built for %d processes\n", MAX_PROCS);
    create_seq();
    upc_barrier;
    for (it = 1; it <= 10; it++)
        rank_keys(it);
    return 0;
}
