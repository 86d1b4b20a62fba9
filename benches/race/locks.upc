/* Lock-heavy kernel for the race-checking benchmark: every thread repeatedly takes one of
 * a few global locks, updates the shared counters it guards (read-modify-write of shared
 * data written by every thread), and releases it; a barrier every ROUND updates.
 *   ./locks [updates-per-thread]
 * Prints (thread 0): the time and the total, which must be THREADS * updates. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NLOCKS 4
#define ROUND 1000
shared [] long count[NLOCKS];
shared [] long hist[NLOCKS][8];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    upc_lock_t *l[NLOCKS];
    for (int k = 0; k < NLOCKS; k++)
        l[k] = upc_all_lock_alloc();
    upc_barrier;
    double t0 = now();
    for (long i = 0; i < n; i++) {
        int k = (int)((i * 7 + MYTHREAD) % NLOCKS);
        upc_lock(l[k]);
        count[k] += 1;
        hist[k][i % 8] += 1;
        upc_unlock(l[k]);
        if ((i + 1) % ROUND == 0)
            upc_barrier;
    }
    upc_barrier;
    double t = now() - t0;
    if (MYTHREAD == 0) {
        long total = 0;
        for (int k = 0; k < NLOCKS; k++) total += count[k];
        printf("locks threads=%d updates/thread=%ld time=%.6f total=%ld %s\n", THREADS, n, t,
               total, total == n * THREADS ? "ok" : "WRONG");
    }
    return 0;
}
