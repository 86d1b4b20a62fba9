/* upc-check-test
 * expect: clean
 * threads: 1 2 4 8
 * stdout: coll_rma: ok
 */
/* The collectives' control state goes over one-sided operations when other threads' data is
 * remote (the MPI conduit with UPC_MPI_NODES=rank): a reduction's partial is put into the
 * root's region (a put and an atomic per thread but the root, none on the root), the
 * OUT_MYSYNC "done" of a broadcast is one atomic into the root's region, an ALLSYNC
 * broadcast moves its data with one get and no control operation; everywhere else (smp, one
 * node) the state is in shared memory and no such operation is made. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 10

shared int x[THREADS];
shared int src;
shared int dst[THREADS];
shared long vals[THREADS];
shared long sum;

int main(void)
{
    unsigned long long r[4], a, b, c, d;
    int i, remote, bad = 0;
    long want = 0;
    x[MYTHREAD] = MYTHREAD;
    vals[MYTHREAD] = 3 * MYTHREAD + 1;
    if (MYTHREAD == 0)
        src = 5;
    upc_barrier;
    /* whether another thread's data is reached through the conduit */
    i = x[(MYTHREAD + 1) % THREADS];
    upcr_rma_counts(r);
    remote = THREADS > 1 && r[0] > 0;
    for (i = 0; i < THREADS; i++)
        want += 3 * i + 1;
    a = upcr_rma_coll_ops();
    for (i = 0; i < N; i++) {
        upc_all_reduceL(&sum, vals, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        if (MYTHREAD == 0 && sum != want) {
            printf("thread 0: reduction %d gave %ld, not %ld\n", i, sum, want);
            bad = 1;
        }
    }
    b = upcr_rma_coll_ops();
    for (i = 0; i < N; i++)
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_MYSYNC);
    c = upcr_rma_coll_ops();
    for (i = 0; i < N; i++)
        upc_all_broadcast(dst, &src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    d = upcr_rma_coll_ops();
    upc_barrier;
    if (dst[MYTHREAD] != 5) {
        printf("thread %d: broadcast gave %d\n", MYTHREAD, dst[MYTHREAD]);
        bad = 1;
    }
    if (!remote && d != a) {
        printf("thread %d: %llu collectives operations through the conduit\n", MYTHREAD, d - a);
        bad = 1;
    }
    if (remote) {
        unsigned long long rw = MYTHREAD == 0 ? 0 : 2 * N, bw = MYTHREAD == 0 ? 0 : N;
        if (b - a != rw || d - c != 0 || c - b != bw) {
            printf("thread %d: %d reductions %llu, %d MYSYNC broadcasts %llu, %d ALLSYNC "
                   "broadcasts %llu operations on the collectives' state\n",
                   MYTHREAD, N, b - a, N, c - b, N, d - c);
            bad = 1;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0 && !bad)
        printf("coll_rma: ok\n");
    return bad;
}
