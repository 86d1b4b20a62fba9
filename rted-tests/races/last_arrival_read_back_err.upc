/* upc-check-test
 * expect: data-race
 * line: 42 46
 * report: the two accesses: last_arrival_read_back_err.upc:42 and last_arrival_read_back_err.upc:46
 * threads: 2 3 4 8
 * flags: --upccheck:-r
 */
/* Error: the reduction idiom of many UPC tutorials with the partial sum stored after the thread
   has counted itself in: the thread that reads THREADS arrivals back under the lock may add up
   a partial sum another thread has not stored yet (nothing orders that store before the sum).
   (Twin of last_arrival_read_back_ok.upc.) */
#include <upc.h>
#include <stdio.h>

#define N 1000

shared double partial[THREADS];
shared int arrived;
shared double result;
upc_lock_t *lk;

static double local_sum(void)
{
    double s = 0;
    int i;
    for (i = MYTHREAD; i < N; i += THREADS)
        s += 0.5 * i;
    return s;
}

int main(void)
{
    int last, i;
    lk = upc_all_lock_alloc();
    if (MYTHREAD == 0) arrived = 0;
    upc_barrier;

    upc_lock(lk);
    arrived++;
    last = (arrived == THREADS);
    upc_unlock(lk);
    partial[MYTHREAD] = local_sum();
    if (last) {
        double s = 0;
        for (i = 0; i < THREADS; i++)
            s += partial[i];
        result = s;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("result %.1f\n", result);
    return 0;
}
