/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 * flags: --upccheck:-r
 */
/* The reduction idiom of many UPC tutorials: every thread stores its partial sum, then counts
   itself in under the lock and reads the counter back before unlocking; the thread that sees
   THREADS arrivals is the last one, which took the lock after every other thread released it,
   so it reads every partial sum safely.  (Correct twin of last_arrival_read_back_err.upc.) */
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

    partial[MYTHREAD] = local_sum();
    upc_lock(lk);
    arrived++;
    last = (arrived == THREADS);
    upc_unlock(lk);
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
