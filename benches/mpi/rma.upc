/* Remote get/put through UPC against raw MPI one-sided communication on the same window, in
 * the same run (benches/mpi/run.sh).  Thread 0 is the origin, thread 1 the target (its data
 * only reachable through MPI with UPC_MPI_NODES=rank); the other threads wait at a barrier.
 *
 * Latency: `x = a[1]` (a remote get) and `a[1] = x` (a remote put), against MPI_Get/MPI_Put +
 * MPI_Win_flush of 8 bytes on a window over the same memory.  Bandwidth: upc_memget /
 * upc_memput of SIZE bytes against MPI_Get/MPI_Put of SIZE bytes + MPI_Win_flush.
 *
 * Where the other threads wait meanwhile (4th argument): `upc` (default), at a upc_barrier,
 * where the runtime serves remote accesses between short sleeps and is woken by the UPC
 * accesses (not by the raw MPI ones); `mpi`, in MPI_Barrier, which keeps the target inside
 * MPI all the time, so both sides see the same always-responsive target and the ratio is the
 * cost of the UPC layer alone.
 *
 * Prints one line per measure: `name upc_us mpi_us ratio` with ratio = mpi time / upc time
 * (1.0: as fast as raw MPI; the goal is >= 0.9). */
#include <upc.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSIZE (4 << 20)

shared long a[THREADS];
shared [] char *shared bufs[THREADS];

static double now(void) { return MPI_Wtime(); }

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    int size = argc > 2 ? atoi(argv[2]) : (1 << 20);
    int reps = argc > 3 ? atoi(argv[3]) : 50;
    int wait_in_mpi = argc > 4 && !strcmp(argv[4], "mpi");
    if (size > MAXSIZE || size <= 0 || iters <= 0 || reps <= 0) {
        fprintf(stderr, "usage: rma [iters] [size <= %d] [reps]\n", MAXSIZE);
        return 2;
    }
    /* every thread's data: its element of a and a buffer of MAXSIZE bytes in its partition */
    bufs[MYTHREAD] = (shared [] char *)upc_alloc(MAXSIZE);
    upc_barrier;
    /* a window of raw MPI over thread 1's element a[1] and its buffer (the same memory the
     * UPC accesses reach), created by every process */
    void *base0 = (void *)&a[MYTHREAD];
    void *base1 = (void *)bufs[MYTHREAD];
    MPI_Win w0, w1;
    MPI_Win_create(base0, sizeof(long), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w0);
    MPI_Win_create(base1, MAXSIZE, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &w1);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, w0);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, w1);
    char *priv = malloc(MAXSIZE);
    memset(priv, 1, MAXSIZE);
    upc_barrier;
    if (MYTHREAD == 0 && THREADS > 1) {
        volatile long x = 0;
        long y = 0;
        double t, upc_us, mpi_us;
        shared [] char *rb = bufs[1];
        /* warm-up */
        for (int i = 0; i < 100; i++) {
            x = a[1];
            MPI_Get(&y, 8, MPI_BYTE, 1, 0, 8, MPI_BYTE, w0);
            MPI_Win_flush(1, w0);
        }
        /* alternate UPC and MPI in rounds so that both see the same conditions */
        double tu = 0, tm = 0;
        for (int r = 0; r < 10; r++) {
            t = now();
            for (int i = 0; i < iters / 10; i++)
                x = a[1];
            tu += now() - t;
            t = now();
            for (int i = 0; i < iters / 10; i++) {
                MPI_Get(&y, 8, MPI_BYTE, 1, 0, 8, MPI_BYTE, w0);
                MPI_Win_flush(1, w0);
            }
            tm += now() - t;
        }
        upc_us = tu * 1e6 / iters, mpi_us = tm * 1e6 / iters;
        printf("get_latency_8B %.2f %.2f %.3f\n", upc_us, mpi_us, mpi_us / upc_us);
        tu = tm = 0;
        for (int r = 0; r < 10; r++) {
            t = now();
            for (int i = 0; i < iters / 10; i++)
                a[1] = i;
            tu += now() - t;
            t = now();
            for (int i = 0; i < iters / 10; i++) {
                long v = i;
                MPI_Put(&v, 8, MPI_BYTE, 1, 0, 8, MPI_BYTE, w0);
                MPI_Win_flush(1, w0);
            }
            tm += now() - t;
        }
        upc_us = tu * 1e6 / iters, mpi_us = tm * 1e6 / iters;
        printf("put_latency_8B %.2f %.2f %.3f\n", upc_us, mpi_us, mpi_us / upc_us);
        tu = tm = 0;
        /* (which goes first alternates: the second finds the data warm in the caches) */
        for (int r = 0; r < reps; r++) {
            for (int k = 0; k < 2; k++) {
                t = now();
                if ((r + k) % 2 == 0) {
                    upc_memget(priv, rb, size);
                    tu += now() - t;
                } else {
                    MPI_Get(priv, size, MPI_BYTE, 1, 0, size, MPI_BYTE, w1);
                    MPI_Win_flush(1, w1);
                    tm += now() - t;
                }
            }
        }
        printf("memget_%dB_MBps %.1f %.1f %.3f\n", size, size * reps / tu / 1e6,
               size * reps / tm / 1e6, tm / tu);
        tu = tm = 0;
        for (int r = 0; r < reps; r++) {
            for (int k = 0; k < 2; k++) {
                t = now();
                if ((r + k) % 2 == 0) {
                    upc_memput(rb, priv, size);
                    tu += now() - t;
                } else {
                    MPI_Put(priv, size, MPI_BYTE, 1, 0, size, MPI_BYTE, w1);
                    MPI_Win_flush(1, w1);
                    tm += now() - t;
                }
            }
        }
        printf("memput_%dB_MBps %.1f %.1f %.3f\n", size, size * reps / tu / 1e6,
               size * reps / tm / 1e6, tm / tu);
        (void)x;
    }
    if (wait_in_mpi)
        MPI_Barrier(MPI_COMM_WORLD);
    upc_barrier;
    MPI_Win_unlock_all(w1);
    MPI_Win_unlock_all(w0);
    MPI_Win_free(&w1);
    MPI_Win_free(&w0);
    return 0;
}
