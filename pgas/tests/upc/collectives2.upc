/* upc-check-test
 * expect: clean
 * threads: 1 2 3 4 5 8
 * stdout: collectives2: all checks passed
 * timeout: 120
 */
/* Every collective of <upc_collective2.h> over UPC_TEAM_ALL and over split teams (halves,
 * odd/even with reversed keys, single threads), blocking, with handles (waited and
 * tested) and with UPC_ASYNC_FENCE; each result is compared with a sequential
 * computation from the team rank and size. */
#include <upc.h>
#include <upc_collective2.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXN 8
#define CAP 4096

static int failures = 0, checks = 0;
static const char *mode_name[3] = {"blocking", "handle", "fence"};

static void expect(long got, long want, const char *what, int mode, int team_id, int i)
{
    checks++;
    if (got != want) {
        if (failures < 10)
            printf("thread %d: %s (%s, team %d) element %d: got %ld, expected %ld\n", MYTHREAD,
                   what, mode_name[mode], team_id, i, got, want);
        failures++;
    }
}

/* mode 0: blocking, 1: handle (tested then waited), 2: UPC_ASYNC_FENCE */
static upccoll_handle_t handles[64];
static int nhandles = 0;
static upccoll_handle_t *H(int mode) { return mode == 1 ? &handles[nhandles++] : NULL; }
static int F(int mode) { return mode == 2 ? UPC_ASYNC_FENCE : 0; }
static void complete(int mode)
{
    if (mode == 1) {
        for (int i = 0; i < nhandles; i++) {
            while (!upccoll_test(handles[i]))
                ;
            upccoll_wait(handles[i]);
        }
        nhandles = 0;
    } else if (mode == 2) {
        upccoll_fence();
    }
}

static void first(void *in, void *inout, size_t len, upccoll_dtype_t dt)
{
    (void)dt;
    for (size_t i = 0; i < len; i++)
        ((int *)inout)[i] = ((int *)in)[i];
}

typedef struct { double v; int i; } dint;

static void run(upccoll_team_t team, int team_id, int mode, upccoll_op_t first_op)
{
    int r, n;
    upccoll_team_rank(team, &r);
    upccoll_team_size(team, &n);
    /* one region per collective so that all of them can be in flight together */
    shared [] int *sb = (shared [] int *)upc_alloc(16 * CAP * sizeof(int));
    shared [] int *rb = (shared [] int *)upc_alloc(16 * CAP * sizeof(int));
#define SB(k) ((shared void *)(sb + (k) * CAP))
#define RB(k) ((shared void *)(rb + (k) * CAP))
#define S(k, i) sb[(k) * CAP + (i)]
#define R(k, i) rb[(k) * CAP + (i)]
    size_t cnt[MAXN], dis[MAXN], rcnt[MAXN], rdis[MAXN];
    int t, i, x;
    for (i = 0; i < 16 * CAP; i++)
        rb[i] = -1;
    /* 0 bcast from the last rank */
    for (i = 0; i < 4; i++) S(0, i) = r * 100 + i;
    upccoll_bcast(SB(0), 4, UPC_INT, RB(0), 4, UPC_INT, n - 1, team, F(mode), H(mode));
    /* 1 scatter from rank 0 */
    for (i = 0; i < 2 * n; i++) S(1, i) = 1000 + i + 7 * r;
    upccoll_scatter(SB(1), 2, UPC_INT, RB(1), 2, UPC_INT, 0, team, F(mode), H(mode));
    /* 2 scatterv from rank 0: rank t gets t+1 values */
    for (t = 0; t < n; t++) { cnt[t] = t + 1; dis[t] = t * (t + 1) / 2; }
    for (i = 0; i < n * (n + 1) / 2; i++) S(2, i) = 2000 + i;
    upccoll_scatterv(SB(2), cnt, dis, UPC_INT, RB(2), r + 1, UPC_INT, 0, team, F(mode), H(mode));
    /* 3 gather to rank 0 */
    S(3, 0) = r * 10; S(3, 1) = r * 10 + 1;
    upccoll_gather(SB(3), 2, UPC_INT, RB(3), 2, UPC_INT, 0, team, F(mode), H(mode));
    /* 4 gatherv to the last rank: rank t sends t+1 values */
    for (t = 0; t < n; t++) { rcnt[t] = t + 1; rdis[t] = t * (t + 1) / 2; }
    for (x = 0; x <= r; x++) S(4, x) = 4000 + r * 10 + x;
    upccoll_gatherv(SB(4), r + 1, UPC_INT, RB(4), rcnt, rdis, UPC_INT, n - 1, team, F(mode), H(mode));
    /* 5 allgather, 6 allgatherv */
    S(5, 0) = 5000 + r; S(5, 1) = 5100 + r;
    upccoll_allgather(SB(5), 2, UPC_INT, RB(5), 2, UPC_INT, team, F(mode), H(mode));
    for (x = 0; x <= r; x++) S(6, x) = 6000 + r * 10 + x;
    upccoll_allgatherv(SB(6), r + 1, UPC_INT, RB(6), rcnt, rdis, UPC_INT, team, F(mode), H(mode));
    /* 7 alltoall, 8 alltoallv (to rank j: j+1 values; from j: r+1 values) */
    for (t = 0; t < n; t++) S(7, t) = r * 1000 + t;
    upccoll_alltoall(SB(7), 1, UPC_INT, RB(7), 1, UPC_INT, team, F(mode), H(mode));
    for (t = 0; t < n; t++) {
        cnt[t] = t + 1; dis[t] = t * (t + 1) / 2;
        rcnt[t] = r + 1; rdis[t] = t * (r + 1);
        for (x = 0; x <= t; x++) S(8, dis[t] + x) = r * 1000 + t * 10 + x;
    }
    upccoll_alltoallv(SB(8), cnt, dis, UPC_INT, RB(8), rcnt, rdis, UPC_INT, team, F(mode), H(mode));
    /* 9 reduce (add) to rank 0, 10 allreduce max, 11 reduce_scatter add, 12 scan add,
     * 13 allreduce of doubles, 14 minloc, 15 scan with a non-commutative user operation */
    for (i = 0; i < 3; i++) S(9, i) = r * 3 + i;
    upccoll_reduce(SB(9), RB(9), 3, UPC_INT, UPC_ADD, 0, team, F(mode), H(mode));
    S(10, 0) = (r * 5) % 7; S(10, 1) = -r;
    upccoll_allreduce(SB(10), RB(10), 2, UPC_INT, UPC_MAX, team, F(mode), H(mode));
    for (i = 0; i < 2 * n; i++) S(11, i) = (r + 1) * i;
    upccoll_reduce_scatter(SB(11), RB(11), 2, UPC_INT, UPC_ADD, team, F(mode), H(mode));
    S(12, 0) = r + 1; S(12, 1) = 2;
    upccoll_scan(SB(12), RB(12), 2, UPC_INT, UPC_ADD, team, F(mode), H(mode));
    shared [] double *sd = (shared [] double *)SB(13);
    sd[0] = 0.5 * r; sd[1] = 1.0;
    upccoll_allreduce(SB(13), RB(13), 2, UPC_DOUBLE, UPC_ADD, team, F(mode), H(mode));
    shared [] dint *sp = (shared [] dint *)SB(14);
    sp[0].v = (double)((r * 3) % 4); sp[0].i = r;
    upccoll_allreduce(SB(14), RB(14), 1, UPC_DOUBLE_INT, UPC_MINLOC, team, F(mode), H(mode));
    S(15, 0) = 100 + r;
    upccoll_scan(SB(15), RB(15), 1, UPC_INT, first_op, team, F(mode), H(mode));
    upccoll_barrier(team, F(mode), H(mode));
    complete(mode);

    /* check */
    for (i = 0; i < 4; i++) expect(R(0, i), (n - 1) * 100 + i, "bcast", mode, team_id, i);
    for (i = 0; i < 2; i++) expect(R(1, i), 1000 + 2 * r + i, "scatter", mode, team_id, i);
    for (x = 0; x <= r; x++) expect(R(2, x), 2000 + r * (r + 1) / 2 + x, "scatterv", mode, team_id, x);
    if (r == 0)
        for (t = 0; t < n; t++)
            for (i = 0; i < 2; i++) expect(R(3, 2 * t + i), t * 10 + i, "gather", mode, team_id, 2 * t + i);
    if (r == n - 1)
        for (t = 0; t < n; t++)
            for (x = 0; x <= t; x++) expect(R(4, t * (t + 1) / 2 + x), 4000 + t * 10 + x, "gatherv", mode, team_id, x);
    for (t = 0; t < n; t++) {
        expect(R(5, 2 * t), 5000 + t, "allgather", mode, team_id, 2 * t);
        expect(R(5, 2 * t + 1), 5100 + t, "allgather", mode, team_id, 2 * t + 1);
        for (x = 0; x <= t; x++) expect(R(6, t * (t + 1) / 2 + x), 6000 + t * 10 + x, "allgatherv", mode, team_id, x);
        expect(R(7, t), t * 1000 + r, "alltoall", mode, team_id, t);
        for (x = 0; x <= r; x++) expect(R(8, t * (r + 1) + x), t * 1000 + r * 10 + x, "alltoallv", mode, team_id, x);
    }
    if (r == 0)
        for (i = 0; i < 3; i++) {
            long want = 0;
            for (t = 0; t < n; t++) want += t * 3 + i;
            expect(R(9, i), want, "reduce", mode, team_id, i);
        }
    {
        long m0 = 0, m1 = 0, rs0 = 0, rs1 = 0, sc = 0, mini = 0;
        double sum = 0, minv = 1e9;
        for (t = 0; t < n; t++) {
            if ((t * 5) % 7 > m0) m0 = (t * 5) % 7;
            rs0 += (t + 1) * (2 * r);
            rs1 += (t + 1) * (2 * r + 1);
            if (t <= r) sc += t + 1;
            sum += 0.5 * t;
            if ((t * 3) % 4 < minv) { minv = (t * 3) % 4; mini = t; }
        }
        m1 = 0;
        expect(R(10, 0), m0, "allreduce max", mode, team_id, 0);
        expect(R(10, 1), m1, "allreduce max", mode, team_id, 1);
        expect(R(11, 0), rs0, "reduce_scatter", mode, team_id, 0);
        expect(R(11, 1), rs1, "reduce_scatter", mode, team_id, 1);
        expect(R(12, 0), sc, "scan", mode, team_id, 0);
        expect(R(12, 1), 2 * (r + 1), "scan", mode, team_id, 1);
        shared [] double *rd = (shared [] double *)RB(13);
        expect((long)(rd[0] * 2), (long)(sum * 2), "allreduce double", mode, team_id, 0);
        expect((long)rd[1], n, "allreduce double", mode, team_id, 1);
        shared [] dint *rp = (shared [] dint *)RB(14);
        expect((long)rp[0].v, (long)minv, "minloc value", mode, team_id, 0);
        expect(rp[0].i, mini, "minloc index", mode, team_id, 0);
        expect(R(15, 0), 100, "scan user op", mode, team_id, 0);
    }
    upc_free(sb);
    upc_free(rb);
}

int main(int argc, char **argv)
{
    upccoll_initialize(&argc, &argv);
    upccoll_op_t first_op;
    upccoll_op_create(first, 0, &first_op);
    size_t sz;
    upccoll_type_size(UPC_DOUBLE_INT, &sz);
    if (sz != sizeof(dint)) {
        printf("thread %d: upccoll_type_size(UPC_DOUBLE_INT) = %zu\n", MYTHREAD, sz);
        failures++;
    }
    int rank, size;
    upccoll_team_rank(UPC_TEAM_ALL, &rank);
    upccoll_team_size(UPC_TEAM_ALL, &size);
    expect(rank, MYTHREAD, "team rank", 0, 0, 0);
    expect(size, THREADS, "team size", 0, 0, 0);
    upccoll_team_t teams[4];
    teams[0] = UPC_TEAM_ALL;
    /* 1: lower and upper half; 2: even/odd with reversed order; 3: every thread alone */
    int half = (THREADS + 1) / 2;
    /* the sequential view of team 2: members of my parity by descending thread */
    int n2 = 0, r2 = 0;
    for (int t = THREADS - 1; t >= 0; t--)
        if (t % 2 == MYTHREAD % 2) {
            if (t == MYTHREAD) r2 = n2;
            n2++;
        }
    /* keys number each new team 0..size-1 */
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD < half, MYTHREAD < half ? MYTHREAD : MYTHREAD - half, &teams[1]);
    upccoll_team_split(UPC_TEAM_ALL, MYTHREAD % 2, r2, &teams[2]);
    upccoll_team_split(teams[1], MYTHREAD, 0, &teams[3]);
    upccoll_team_rank(teams[2], &rank);
    upccoll_team_size(teams[2], &size);
    expect(rank, r2, "split rank", 0, 2, 0);
    expect(size, n2, "split size", 0, 2, 0);
    upccoll_team_size(teams[3], &size);
    expect(size, 1, "single-thread team size", 0, 3, 0);
    for (int mode = 0; mode < 3; mode++)
        for (int k = 0; k < 4; k++)
            run(teams[k], k, mode, first_op);
    for (int k = 3; k >= 1; k--)
        upccoll_team_free(teams[k]);
    upccoll_op_free(first_op);
    upccoll_finalize();
    upc_barrier;
    if (failures)
        printf("thread %d: collectives2: %d of %d checks failed\n", MYTHREAD, failures, checks);
    else if (MYTHREAD == 0)
        printf("collectives2: all checks passed\n");
    return failures != 0;
}
