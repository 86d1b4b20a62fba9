/* upc-check-test
 * expect: clean
 * threads: 1 2 4 8
 * stdout: ring_rma: ok
 */
/* The deadlock checker's ring goes over one-sided operations when other threads' data is
 * remote (the MPI conduit with UPC_MPI_NODES=rank): a checked broadcast then makes a few
 * remote operations on the right neighbour's ring slot (between 4 and 10 atomics, one get
 * and one put per broadcast), a checked barrier none; everywhere else (smp, one node) the
 * ring is in shared memory and makes no remote operation at all. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>


#define N 10

shared int x[THREADS];
shared int src;
shared int dst[THREADS];

static void ring(unsigned long long c[4])
{
    int i;
    for (i = 0; i < 4; i++)
        c[i] = 0;
    if (upcc_check_ring_counts)
        upcc_check_ring_counts(c);
}

int main(void)
{
    unsigned long long r[4], a[4], b[4], c[4];
    int i, remote, bad = 0;
    x[MYTHREAD] = MYTHREAD;
    if (MYTHREAD == 0)
        src = 5;
    upc_barrier;
    /* whether another thread's data is reached through the conduit */
    i = x[(MYTHREAD + 1) % THREADS];
    upcr_rma_counts(r);
    remote = THREADS > 1 && r[0] > 0;
    ring(a);
    for (i = 0; i < N; i++)
        upc_barrier;
    ring(b);
    for (i = 0; i < N; i++)
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    ring(c);
    for (i = 0; i < 3; i++)
        if (b[i] != a[i]) {
            printf("thread %d: %llu remote ring operations (kind %d) in %d barriers\n",
                   MYTHREAD, b[i] - a[i], i, N);
            bad = 1;
        }
    if (remote && upcc_check_ring_counts) {
        if (c[0] - b[0] < 4 * N || c[0] - b[0] > 10 * N || c[1] - b[1] != N || c[2] - b[2] != N) {
            printf("thread %d: %d broadcasts: %llu atomics, %llu gets, %llu puts on the ring\n",
                   MYTHREAD, N, c[0] - b[0], c[1] - b[1], c[2] - b[2]);
            bad = 1;
        }
    } else if (c[0] + c[1] + c[2] != 0) {
        printf("thread %d: remote ring operations without remote data\n", MYTHREAD);
        bad = 1;
    }
    if (dst[MYTHREAD] != 5) {
        printf("thread %d: broadcast gave %d\n", MYTHREAD, dst[MYTHREAD]);
        bad = 1;
    }
    x[MYTHREAD] = bad;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            bad |= x[i];
        if (!bad)
            printf("ring_rma: ok\n");
    }
    return bad;
}
