/* Non-blocking Collectives 2.0 against the blocking form: ITERS rounds of a broadcast and an
 * allreduce of N doubles on UPC_TEAM_ALL, each round also doing WORK units of private
 * computation.  Blocking: collective, then computation.  Non-blocking: start, computation,
 * upccoll_wait.  Prints microseconds per round for both (the slowest thread's time).
 *   nbcoll [N] [WORK] [ITERS] */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

static volatile double sink;

static void compute(long work)
{
    double x = 1.0;
    for (long i = 0; i < work * 1000; i++)
        x = x * 1.0000001 + 1e-9;
    sink = x;
}

shared double slowest[THREADS];

static double report(double t)
{
    slowest[MYTHREAD] = t;
    upc_barrier;
    double m = 0;
    for (int i = 0; i < THREADS; i++)
        if (slowest[i] > m)
            m = slowest[i];
    upc_barrier;
    return m;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? atol(argv[1]) : 1024;
    long work = argc > 2 ? atol(argv[2]) : 20;
    int iters = argc > 3 ? atoi(argv[3]) : 200;
    upccoll_initialize(&argc, &argv);
    shared [] double *b = (shared [] double *)upc_alloc(4 * n * sizeof(double));
    for (size_t i = 0; i < n; i++)
        b[i] = MYTHREAD + i;
    shared void *s0 = (shared void *)b, *r0 = (shared void *)(b + n);
    shared void *s1 = (shared void *)(b + 2 * n), *r1 = (shared void *)(b + 3 * n);
    double t[3];
    for (int mode = 0; mode < 3; mode++) {
        upc_barrier;
        double t0 = now();
        for (int it = 0; it < iters; it++) {
            if (mode == 0) { /* computation only */
                compute(work);
            } else if (mode == 1) { /* blocking */
                upccoll_bcast(s0, n, UPC_DOUBLE, r0, n, UPC_DOUBLE, it % THREADS, UPC_TEAM_ALL, 0, NULL);
                upccoll_allreduce(s1, r1, n, UPC_DOUBLE, UPC_ADD, UPC_TEAM_ALL, 0, NULL);
                compute(work);
            } else { /* non-blocking, overlapped */
                upccoll_handle_t h[2];
                upccoll_bcast(s0, n, UPC_DOUBLE, r0, n, UPC_DOUBLE, it % THREADS, UPC_TEAM_ALL, 0, &h[0]);
                upccoll_allreduce(s1, r1, n, UPC_DOUBLE, UPC_ADD, UPC_TEAM_ALL, 0, &h[1]);
                compute(work);
                upccoll_wait(h[0]);
                upccoll_wait(h[1]);
            }
        }
        t[mode] = report((now() - t0) / iters * 1e6);
    }
    if (MYTHREAD == 0)
        printf("upc threads=%d n=%zu work=%ld compute_us=%.2f blocking_us=%.2f nonblocking_us=%.2f\n",
               THREADS, n, work, t[0], t[1], t[2]);
    upccoll_finalize();
    return 0;
}
