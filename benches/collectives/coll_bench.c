/* Collectives benchmark (replays the pairwise-synchronization testbed): a loop of
 * {collective; compute} with even load, and with uneven load where one rotating thread
 * (never thread 0, the source) computes twice as long.  Reported: the slowest thread's
 * total time inside the collective, MYSYNC (IN_MYSYNC|OUT_MYSYNC) against ALLSYNC.
 * Then small-message latency of upc_all_broadcast and upc_all_reduceD.
 * Prints numbers only; never a pass/fail test.  C ABI of the runtime (pgas). */
#include "capi.h"
#include <time.h>
#include "upc_types.h"

void upc_all_broadcast(pts dst, pts src, size_t nbytes, int flags);
void upc_all_scatter(pts dst, pts src, size_t nbytes, int flags);
void upc_all_gather(pts dst, pts src, size_t nbytes, int flags);
void upc_all_gather_all(pts dst, pts src, size_t nbytes, int flags);
void upc_all_exchange(pts dst, pts src, size_t nbytes, int flags);
void upc_all_permute(pts dst, pts src, pts perm, size_t nbytes, int flags);
void upc_all_reduceD(pts dst, pts src, upc_op_t op, size_t n, size_t blk, double (*f)(double, double), int flags);

#define NBYTES 256
#define SLICE (NBYTES * 64)
SHARED_ARRAY(char, SRC, SLICE, SLICE * THREADS)
SHARED_ARRAY(char, DST, SLICE, SLICE * THREADS)
SHARED_ARRAY(int, PERM, 1, THREADS)
SHARED_ARRAY(double, VAL, 1, THREADS)
SHARED_ARRAY(double, OUT, 0, 4)
UPC_MAIN(0)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile double sink;
static void compute(long units)
{
    double x = 1.0;
    for (long i = 0; i < units; i++) x = x * 1.0000001 + 1e-9;
    sink = x;
}

static pts at(upcr_shared_var_t *v, int t, size_t off) { return upcr_ps_make(t, v->offset + off, 0); }

/* Max over threads of x (every thread gets it). */
static double max_all(double x)
{
    *ELEM(double, VAL, 1, MYTHREAD) = x;
    upc_all_reduceD(at(&OUT_var, 0, 0), at(&VAL_var, 0, 0), UPC_MAX, THREADS, 1, 0, 0);
    return *(double *)upcr_addr(0, OUT_var.offset);
}

static const char *names[6] = {"broadcast", "scatter", "gather", "gather_all", "exchange", "permute"};

static void call(int which, int flags)
{
    switch (which) {
    case 0: upc_all_broadcast(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), NBYTES, flags); break;
    case 1: upc_all_scatter(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), NBYTES, flags); break;
    case 2: upc_all_gather(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), NBYTES, flags); break;
    case 3: upc_all_gather_all(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), NBYTES, flags); break;
    case 4: upc_all_exchange(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), NBYTES, flags); break;
    case 5: upc_all_permute(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), at(&PERM_var, 0, 0), NBYTES, flags); break;
    }
}

static int user_main(int argc, char **argv, char **envp)
{
    (void)envp;
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    long work = argc > 2 ? atol(argv[2]) : 20000;
    int lat_iters = argc > 3 ? atoi(argv[3]) : 2000;
    int T = THREADS, me = MYTHREAD;
    *ELEM(int, PERM, 1, me) = (me + 1) % T;
    upcr_barrier(0, 0);
    const int my = UPC_IN_MYSYNC | UPC_OUT_MYSYNC, all = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
    if (me == 0)
        printf("# THREADS=%d nbytes=%d iters=%d work=%ld: slowest thread's total ms inside the collective\n"
               "%-10s %-6s %10s %10s %8s\n", T, NBYTES, iters, work, "function", "load", "ALLSYNC", "MYSYNC", "MY/ALL");
    for (int which = 0; which < 6; which++) {
        for (int uneven = 0; uneven < 2; uneven++) {
            double res[2];
            for (int m = 0; m < 2; m++) {
                int flags = m ? my : all;
                double total = 0;
                upcr_barrier(0, 0);
                for (int i = 0; i < iters; i++) {
                    double t0 = now();
                    call(which, flags);
                    total += now() - t0;
                    int slow = T > 1 ? 1 + i % (T - 1) : -1;
                    compute(uneven && me == slow ? 2 * work : work);
                }
                upcr_barrier(0, 0);
                res[m] = max_all(total);
            }
            if (me == 0)
                printf("%-10s %-6s %10.3f %10.3f %8.2f\n", names[which], uneven ? "uneven" : "even",
                       res[0] * 1e3, res[1] * 1e3, res[1] / res[0]);
        }
    }
    /* Small-message latency. */
    const int modes[3] = {all, my, UPC_IN_MYSYNC | UPC_OUT_NOSYNC};
    const char *mname[3] = {"ALLSYNC", "MYSYNC", "IN_MY|OUT_NO"};
    for (int m = 0; m < 3; m++) {
        upcr_barrier(0, 0);
        double t0 = now();
        for (int i = 0; i < lat_iters; i++)
            upc_all_broadcast(at(&DST_var, 0, 0), at(&SRC_var, 0, 0), 8, modes[m]);
        double b = max_all((now() - t0) / lat_iters);
        upcr_barrier(0, 0);
        t0 = now();
        for (int i = 0; i < lat_iters; i++)
            upc_all_reduceD(at(&OUT_var, 0, 8), at(&VAL_var, 0, 0), UPC_ADD, T, 1, 0, modes[m]);
        double r = max_all((now() - t0) / lat_iters);
        upcr_barrier(0, 0);
        t0 = now();
        for (int i = 0; i < lat_iters; i++) {
            upc_all_reduceD(at(&OUT_var, 0, 8), at(&VAL_var, 0, 0), UPC_ADD, T, 1, 0, modes[m]);
            upc_all_broadcast(at(&DST_var, 0, 0), at(&OUT_var, 0, 8), 8, modes[m]);
        }
        double rb = max_all((now() - t0) / lat_iters);
        if (me == 0)
            printf("latency THREADS=%d %-12s broadcast(8B) %8.2f us  reduceD(1/thread) %8.2f us  reduceD+broadcast %8.2f us\n",
                   T, mname[m], b * 1e6, r * 1e6, rb * 1e6);
    }
    return 0;
}
