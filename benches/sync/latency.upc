/* Synchronization latency: upc_barrier, upc_notify + upc_wait, a contended upc_lock /
 * upc_unlock pair (every thread on one lock) and an uncontended pair (each thread its own lock).
 *   UPC_THREADS=N ./latency [iterations]
 * Prints (thread 0) microseconds per operation, the slowest thread's average. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

shared double t_[THREADS];
shared long counter;
upc_lock_t *shared one;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double slowest(double mine)
{
    t_[MYTHREAD] = mine;
    upc_barrier;
    double m = 0;
    for (int t = 0; t < THREADS; t++) if (t_[t] > m) m = t_[t];
    upc_barrier;
    return m * 1e6;
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 20000;
    upc_lock_t *own = upc_global_lock_alloc();
    upc_lock_t *l = upc_all_lock_alloc();
    for (int i = 0; i < iters / 10; i++) upc_barrier;
    double t = now();
    for (int i = 0; i < iters; i++) upc_barrier;
    double barrier = slowest((now() - t) / iters);
    t = now();
    for (int i = 0; i < iters; i++) {
        upc_notify;
        upc_wait;
    }
    double split = slowest((now() - t) / iters);
    int liters = iters / 4 + 1;
    t = now();
    for (int i = 0; i < liters; i++) {
        upc_lock(l);
        counter++;
        upc_unlock(l);
    }
    double contended = slowest((now() - t) / liters);
    t = now();
    for (int i = 0; i < iters; i++) {
        upc_lock(own);
        upc_unlock(own);
    }
    double uncontended = slowest((now() - t) / iters);
    if (MYTHREAD == 0) {
        if (counter != (long)liters * THREADS) printf("lock error: counter %ld\n", counter);
        printf("latency threads=%d barrier_us=%.3f notify_wait_us=%.3f lock_contended_us=%.3f lock_uncontended_us=%.3f\n",
               THREADS, barrier, split, contended, uncontended);
    }
    return 0;
}
