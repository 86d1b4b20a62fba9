/* Casts between pointer-to-shared types: thread and address never change; the phase is
 * kept through shared void * and between types with the same block size and element
 * size, and reset to 0 otherwise; arithmetic after the cast follows the new block size. */
#define CONF_FEATURE "casts_pts"
#include "conf.h"

// expect-stdout: casts_pts: phase of &A24[5] through shared void * = 2

shared [3] int A24[8 * THREADS];
shared [4] int B44[4 * THREADS][4];

struct pts { long thread, phase, addr; };

static struct pts parts(shared void *p)
{
    struct pts r = {(long)upc_threadof(p), (long)upc_phaseof(p), (long)upc_addrfield(p)};
    return r;
}

static long floordiv(long a, long b)
{
    long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* What p + n must be for block size B (0: indefinite) and element size E. */
static struct pts expect_add(struct pts p, long n, long B, long E)
{
    struct pts r = p;
    if (B == 0) {
        r.addr += n * E;
        return r;
    }
    long t = p.phase + n, dblk = floordiv(t, B), nphase = t - dblk * B;
    long tt = p.thread + dblk, dcourse = floordiv(tt, THREADS);
    r.thread = tt - dcourse * THREADS;
    r.phase = nphase;
    r.addr = p.addr + (dcourse * B + nphase - p.phase) * E;
    return r;
}

#define CHECK_PTS(p, want)                                                                  \
    do {                                                                                    \
        struct pts g_ = parts(p), w_ = (want);                                              \
        CHECK_EQ(g_.thread, w_.thread);                                                     \
        CHECK_EQ(g_.phase, w_.phase);                                                       \
        CHECK_EQ(g_.addr, w_.addr);                                                         \
    } while (0)

int main(void)
{
    long T = THREADS;
    struct pts e5 = parts(&A24[5]);
    struct pts e5r = e5;
    e5r.phase = 0;

    CHECK_EQ(e5.thread, (5 / 3) % T);
    CHECK_EQ(e5.phase, 2);

    /* Through the generic pointer: everything kept. */
    shared void *g = &A24[5];
    CHECK_PTS(g, e5);
    CHECK(g == &A24[5]);
    {
        shared [3] int *p3 = (shared [3] int *)g;
        CHECK_PTS(p3, e5);
        CHECK(p3 == &A24[5]);
        CHECK_PTS(p3 + 1, parts(&A24[6]));
        shared [3] int *p3i = g; /* implicit conversion from shared void * */
        CHECK_PTS(p3i, e5);
        shared void *back = p3;
        CHECK(back == g);
        CHECK_PTS(back, e5);
    }
    /* Generic to block size 1 or indefinite: phase 0. */
    {
        shared int *p1 = (shared int *)g;
        CHECK_PTS(p1, e5r);
        shared int *p1i = g;
        CHECK_PTS(p1i, e5r);
        CHECK_PTS(p1 + 1, expect_add(e5r, 1, 1, sizeof(int)));
        CHECK_PTS(p1 + T, expect_add(e5r, T, 1, sizeof(int)));
        shared [] int *pi = (shared [] int *)g;
        CHECK_PTS(pi, e5r);
    }
    /* Generic to a larger block size: phase kept (2 < 4). */
    {
        shared [4] int *p4 = (shared [4] int *)g;
        CHECK_PTS(p4, e5);
        CHECK_PTS(p4 + 1, expect_add(e5, 1, 4, sizeof(int)));
        CHECK_PTS(p4 + 2, expect_add(e5, 2, 4, sizeof(int)));
        CHECK_PTS(p4 - 1, expect_add(e5, -1, 4, sizeof(int)));
    }
    /* Non-generic to a different block size: phase reset. */
    {
        shared [] int *pi = (shared [] int *)&A24[5];
        CHECK_PTS(pi, e5r);
        struct pts w = e5r;
        w.addr += sizeof(int);
        CHECK_PTS(pi + 1, w);
        /* the standard walk over one thread's slice */
        if (T > 1 && 3 * T + 3 < 8 * T) {
            CHECK(pi + 1 == &A24[3 * T + 3]);
            CHECK_EQ(pi[1], A24[3 * T + 3]);
        }
        shared [2] int *p2 = (shared [2] int *)&A24[5];
        CHECK_PTS(p2, e5r);
        for (long n = -2; n <= 5; n++)
            CHECK_PTS(p2 + n, expect_add(e5r, n, 2, sizeof(int)));
        shared int *p1 = (shared int *)&A24[5];
        CHECK_PTS(p1, e5r);
        CHECK_PTS(p1 + 3, expect_add(e5r, 3, 1, sizeof(int)));
    }
    /* Same block size but a different element size: phase reset. */
    {
        shared [3] char *pc = (shared [3] char *)&A24[5];
        CHECK_PTS(pc, e5r);
        CHECK_PTS(pc + 4, expect_add(e5r, 4, 3, 1));
    }
    /* Same block size and element size: phase kept. */
    {
        shared [3] unsigned int *pu = (shared [3] unsigned int *)&A24[5];
        CHECK_PTS(pu, e5);
        CHECK_PTS(pu + 1, parts(&A24[6]));
        shared [4] int *q = &B44[1][2];
        shared [4] int (*row)[4] = (shared [4] int (*)[4])q;
        CHECK_PTS(row, parts(&B44[1][2]));
        shared [4] int *q2 = (shared [4] int *)row;
        CHECK_PTS(q2, parts(&B44[1][2]));
    }
    /* upc_resetphase. */
    CHECK_PTS(upc_resetphase(&A24[5]), e5r);
    CHECK_PTS(upc_resetphase(g), e5r);
    /* Null pointers convert to null pointers. */
    {
        shared void *nv = NULL;
        shared [3] int *n3 = (shared [3] int *)nv;
        shared int *n1 = nv;
        CHECK(n3 == NULL);
        CHECK(n1 == NULL);
        CHECK(nv == NULL);
        CHECK(!n1);
        CHECK(g != NULL);
    }
    /* Data written through one view is read through the other. */
    if (upc_threadof(&A24[5]) == MYTHREAD)
        A24[5] = 55;
    upc_barrier;
    CHECK_EQ(*(shared [3] int *)g, 55);
    CHECK_EQ(*(shared int *)g, 55);
    CHECK_EQ(*(shared [] int *)g, 55);
    CHECK_EQ(*(shared [4] int *)g, 55);
    if (MYTHREAD == 0)
        printf("casts_pts: phase of &A24[5] through shared void * = %d\n", (int)upc_phaseof(g));
    return conf_finish();
}
