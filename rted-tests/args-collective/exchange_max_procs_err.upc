/* upc-check-test
 * expect: invalid-argument
 * line: 28
 * threads: 6 8
 * report: upc_all_exchange
 */
/* Error: an integer-sort key exchange in the style of NAS IS sizes its receive buffers for MAX_PROCS = 4 threads (a compile-time constant of the benchmark's class table); each thread's block of the destination holds the buckets of 4 threads, so with 6 or 8 threads the exchange writes past it (with 2 to 4 threads it works) */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define MAX_PROCS 4
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
