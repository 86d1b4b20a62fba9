/* pts_phase_cross.upc -- pointer-to-shared arithmetic that crosses block and
 * thread boundaries, in the style of the GUPC testsuite's ptr arith tests:
 * negative increments, differences of pointers on different threads,
 * relational operators, pointers to arrays (rows) whose element is an array,
 * casts between block sizes (phase reset), and [0] / [] indefinite blocks. */
#include <upc_relaxed.h>
#include <stdio.h>

#define B 3
#define N 7                      /* elements per thread */
#define ROW 5

shared [B] int a[N * THREADS];
shared [2] int m[THREADS][ROW];   /* blocks of 2 ints, counted through the rows */
shared [] int onechunk[10];
shared int errs;

static int nerr;
#define CHECK(c) do { if (!(c)) { nerr++; \
    printf("T%d: check failed line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

/* expected thread/phase of element i of a [B] array */
#define THR(i)  (((i) / B) % THREADS)
#define PH(i)   ((i) % B)

int main()
{
    int i, j, n = N * THREADS;
    shared [B] int *p, *q;
    shared int *c;           /* cyclic view */
    shared [] int *ind;

    upc_forall (i = 0; i < n; i++; &a[i])
        a[i] = 100 + i;
    upc_forall (i = 0; i < THREADS; i++; &m[i][0])
        for (j = 0; j < ROW; j++)
            m[i][j] = i * 10 + j;
    if (MYTHREAD == 0) {
        for (i = 0; i < 10; i++) onechunk[i] = i * i;
        errs = 0;
    }
    upc_barrier;

    /* walk forward then backward, with strides that do not divide B */
    for (i = 0; i < n; i++) {
        int s;
        for (s = -4; s <= 4; s++) {
            if (i + s < 0 || i + s >= n) continue;
            p = &a[i];
            q = p + s;
            CHECK(q == &a[i + s]);
            CHECK(upc_threadof(q) == (size_t)THR(i + s));
            CHECK(upc_phaseof(q) == (size_t)PH(i + s));
            CHECK(q - p == s);
            CHECK((s > 0) == (q > p));
            CHECK((s <= 0) == (q <= p));
            CHECK(*q == 100 + i + s);
            q = p;
            q -= -s;                 /* compound assignment with a negative */
            CHECK(q == &a[i + s]);
        }
    }

    /* p++ / p-- and post/pre forms across the whole array */
    p = &a[n - 1];
    for (i = n - 1; i > 0; i--) {
        shared [B] int *old = p--;
        CHECK(old - p == 1);
        CHECK(*p == 100 + i - 1);
    }
    CHECK(p == &a[0]);
    CHECK(*++p == 101 || n < 2);

    /* cast to a different block size: the phase is reset, the address stays */
    p = &a[B + 1 < n ? B + 1 : 0];
    c = (shared int *)p;
    CHECK(upc_phaseof(c) == 0);
    CHECK(upc_threadof(c) == upc_threadof(p));
    CHECK(*c == *p);
    ind = (shared [] int *)p;
    CHECK(upc_threadof(ind) == upc_threadof(p));
    /* an indefinite-block pointer walks the local block of one thread */
    if (THREADS > 1 || B > 1) {
        shared [] int *r = (shared [] int *)&a[0];
        CHECK(r[1] == 101);           /* a[1] is on thread 0 in phase 1 */
        CHECK(upc_threadof(r + 2) == 0);
    }
    ind = onechunk;
    CHECK(ind[9] == 81 && (ind + 9) - ind == 9 && upc_threadof(ind + 9) == 0);

    /* rows: pointer to an array of ROW ints; the block size counts ints, so
     * row i starts at int i*ROW, on thread (i*ROW/2) % THREADS */
    {
        shared [2] int (*rp)[ROW] = m;
        for (i = 0; i < THREADS; i++, rp++) {
            CHECK(upc_threadof(rp) == (size_t)((i * ROW / 2) % THREADS));
            CHECK(upc_phaseof(rp) == (size_t)(i * ROW % 2));
            CHECK(upc_threadof(&m[i][ROW - 1]) == (size_t)(((i * ROW + ROW - 1) / 2) % THREADS));
            CHECK((*rp)[ROW - 1] == i * 10 + ROW - 1);
            CHECK(rp - m == i);
        }
        CHECK(upc_blocksizeof(m) == 2);
        CHECK(upc_elemsizeof(m) == sizeof(int));
    }

    {
        /* everybody adds its count (relaxed, serialised by a barrier per thread) */
        int t;
        for (t = 0; t < THREADS; t++) {
            if (t == MYTHREAD) errs += nerr;
            upc_barrier;
        }
    }
    if (MYTHREAD == 0)
        printf("pts_phase_cross: %d threads, %d elements, %s\n", THREADS, n,
               errs == 0 ? "PASSED" : "FAILED");
    return errs != 0;
}
