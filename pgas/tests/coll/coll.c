/* Collectives through the C ABI with real UPC threads (processes): the six
 * relocalization functions under all nine sync modes with random delays and random
 * permutations, reductions and prefix reductions (int, unsigned char, double with a
 * tolerance, long double, a non-commutative user function), upc_all_sort. */
#include "capi.h"
#include <math.h>
#include <time.h>
#include "upc_types.h"

#define UPC_FUNC (1UL << 16)
#define UPC_NONCOMM_FUNC (1UL << 17)
void upc_all_broadcast(pts dst, pts src, size_t nbytes, int flags);
void upc_all_scatter(pts dst, pts src, size_t nbytes, int flags);
void upc_all_gather(pts dst, pts src, size_t nbytes, int flags);
void upc_all_gather_all(pts dst, pts src, size_t nbytes, int flags);
void upc_all_exchange(pts dst, pts src, size_t nbytes, int flags);
void upc_all_permute(pts dst, pts src, pts perm, size_t nbytes, int flags);
void upc_all_reduceI(pts dst, pts src, upc_op_t op, size_t n, size_t blk, int (*f)(int, int), int flags);
void upc_all_reduceUC(pts dst, pts src, upc_op_t op, size_t n, size_t blk, unsigned char (*f)(unsigned char, unsigned char), int flags);
void upc_all_reduceD(pts dst, pts src, upc_op_t op, size_t n, size_t blk, double (*f)(double, double), int flags);
void upc_all_reduceLD(pts dst, pts src, upc_op_t op, size_t n, size_t blk, long double (*f)(long double, long double), int flags);
void upc_all_reduceL(pts dst, pts src, upc_op_t op, size_t n, size_t blk, long (*f)(long, long), int flags);
void upc_all_prefix_reduceL(pts dst, pts src, upc_op_t op, size_t n, size_t blk, long (*f)(long, long), int flags);
void upc_all_prefix_reduceD(pts dst, pts src, upc_op_t op, size_t n, size_t blk, double (*f)(double, double), int flags);
void upc_all_sort(pts a, size_t elem, size_t n, size_t blk, int (*f)(pts, pts), int flags);

#define NB 11
#define MAXT 64
SHARED_ARRAY(char, SRC, 8192, 8192 * THREADS)
SHARED_ARRAY(char, DST, 8192, 8192 * THREADS)
SHARED_ARRAY(int, PERM, 1, THREADS)
SHARED_ARRAY(long, LA, 3, 10 * THREADS)
SHARED_ARRAY(long, LB, 3, 10 * THREADS)
SHARED_ARRAY(double, DA, 2, 7 * THREADS)
SHARED_ARRAY(double, DB, 2, 7 * THREADS)
SHARED_ARRAY(long double, LDA, 1, 5 * THREADS)
SHARED_ARRAY(unsigned char, UCA, 4, 9 * THREADS)
SHARED_ARRAY(int, IA, 5, 5 * THREADS)
SHARED_ARRAY(long, RES, 0, 8)
UPC_MAIN(0)

static const int modes[9] = {
    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC,
    UPC_IN_MYSYNC | UPC_OUT_ALLSYNC,  UPC_IN_MYSYNC | UPC_OUT_MYSYNC,  UPC_IN_MYSYNC | UPC_OUT_NOSYNC,
    UPC_IN_NOSYNC | UPC_OUT_ALLSYNC,  UPC_IN_NOSYNC | UPC_OUT_MYSYNC,  UPC_IN_NOSYNC | UPC_OUT_NOSYNC};

static unsigned rng_state;
static unsigned rnd(void) { rng_state = rng_state * 1103515245u + 12345u; return rng_state >> 8; }
static void delay(void) { if (rnd() % 3 == 0) { struct timespec ts = {0, (rnd() % 200) * 1000}; nanosleep(&ts, 0); } }
static char *loc(upcr_shared_var_t *v, int t, size_t off) { return (char *)upcr_addr(t, v->offset + off); }
static pts at(upcr_shared_var_t *v, int t, size_t off) { return upcr_ps_make(t, v->offset + off, 0); }
static void pre(int f) { if (f & UPC_IN_NOSYNC) upcr_barrier(0, 0); }
static void post(int f) { if (f & UPC_OUT_NOSYNC) upcr_barrier(0, 0); }
static char val(int r, int t, int o) { return (char)(r * 31 + t * 7 + o * 3 + 1); }

static long lmax(long a, long b) { return a > b ? a : b; }
/* Non-commutative, associative: affine maps x -> a*x + b packed in a long (32+32 bits). */
static long compose(long l, long r)
{
    unsigned a1 = (unsigned long)l >> 32, b1 = (unsigned)l, a2 = (unsigned long)r >> 32, b2 = (unsigned)r;
    return (long)(((unsigned long)(a1 * a2) << 32) | (unsigned)(a2 * b1 + b2));
}
static long double ldmul(long double a, long double b) { return a * b; }
static int cmp_long(pts a, pts b)
{
    long x = *(long *)upcr_ps_local(a), y = *(long *)upcr_ps_local(b);
    return (x > y) - (x < y);
}

static int user_main(int argc, char **argv, char **envp)
{
    (void)argc; (void)argv; (void)envp;
    int T = THREADS, me = MYTHREAD;
    CHECK(T <= MAXT);
    rng_state = 1234 + me * 77;
    for (int m = 0; m < 9; m++) {
        int f = modes[m];
        for (int r = 0; r < 4; r++) {
            int root = (r + m) % T;
            /* broadcast */
            if (me == root) for (int o = 0; o < NB; o++) *loc(&SRC_var, me, o) = val(r, root, o);
            delay(); pre(f);
            upc_all_broadcast(at(&DST_var, 0, 0), at(&SRC_var, root, 0), NB, f);
            post(f);
            for (int o = 0; o < NB; o++) CHECK(*loc(&DST_var, me, o) == val(r, root, o));
            /* scatter */
            if (me == root) for (int o = 0; o < NB * T; o++) *loc(&SRC_var, me, 64 + o) = val(r, 9, o);
            delay(); pre(f);
            upc_all_scatter(at(&DST_var, 0, 32), at(&SRC_var, root, 64), NB, f);
            post(f);
            for (int o = 0; o < NB; o++) CHECK(*loc(&DST_var, me, 32 + o) == val(r, 9, me * NB + o));
            /* gather: the next round's writes to SRC happen after OUT sync */
            for (int o = 0; o < NB; o++) *loc(&SRC_var, me, 1024 + o) = val(r, me, o);
            delay(); pre(f);
            upc_all_gather(at(&DST_var, root, 2048), at(&SRC_var, 0, 1024), NB, f);
            post(f);
            if (me == root)
                for (int t = 0; t < T; t++) for (int o = 0; o < NB; o++)
                    CHECK(*loc(&DST_var, root, 2048 + t * NB + o) == val(r, t, o));
            /* gather_all */
            delay(); pre(f);
            upc_all_gather_all(at(&DST_var, 0, 3072), at(&SRC_var, 0, 1024), NB, f);
            post(f);
            for (int t = 0; t < T; t++) for (int o = 0; o < NB; o++)
                CHECK(*loc(&DST_var, me, 3072 + t * NB + o) == val(r, t, o));
            /* exchange */
            for (int i = 0; i < T; i++) for (int o = 0; o < NB; o++)
                *loc(&SRC_var, me, 2048 + i * NB + o) = val(r, me * 16 + i, o);
            delay(); pre(f);
            upc_all_exchange(at(&DST_var, 0, 4096), at(&SRC_var, 0, 2048), NB, f);
            post(f);
            for (int j = 0; j < T; j++) for (int o = 0; o < NB; o++)
                CHECK(*loc(&DST_var, me, 4096 + j * NB + o) == val(r, j * 16 + me, o));
            /* permute: the same random permutation on every thread */
            unsigned s = 99 + r * 1000 + m * 17;
            int perm[MAXT];
            for (int i = 0; i < T; i++) perm[i] = i;
            for (int i = T - 1; i > 0; i--) { s = s * 1103515245u + 12345u; int j = (s >> 8) % (i + 1); int x = perm[i]; perm[i] = perm[j]; perm[j] = x; }
            *ELEM(int, PERM, 1, me) = perm[me];
            for (int o = 0; o < NB; o++) *loc(&SRC_var, me, 3072 + o) = val(r, me, o);
            delay(); pre(f);
            upc_all_permute(at(&DST_var, 0, 5120), at(&SRC_var, 0, 3072), at(&PERM_var, 0, 0), NB, f);
            post(f);
            int from = 0;
            while (perm[from] != me) from++;
            for (int o = 0; o < NB; o++) CHECK(*loc(&DST_var, me, 5120 + o) == val(r, from, o));
        }
        /* reductions (data written before, barrier-protected) */
        int N = 10 * T;
        for (int i = 0; i < N; i++)
            if ((int)upcr_ps_elem(LA_var.offset, i, sizeof(long), 3).thread == me)
                *ELEM(long, LA, 3, i) = ((long)(i % 3 + 2) << 32) | (i % 9 + 1);
        for (int i = 0; i < 7 * T; i++)
            if ((int)upcr_ps_elem(DA_var.offset, i, sizeof(double), 2).thread == me)
                *ELEM(double, DA, 2, i) = 0.5 + (i % 5) * 0.25;
        for (int i = 0; i < 5 * T; i++)
            if ((int)upcr_ps_elem(LDA_var.offset, i, sizeof(long double), 1).thread == me)
                *ELEM(long double, LDA, 1, i) = 1.0L + (i % 3) * 0.5L;
        for (int i = 0; i < 9 * T; i++)
            if ((int)upcr_ps_elem(UCA_var.offset, i, 1, 4).thread == me)
                *ELEM(unsigned char, UCA, 4, i) = (unsigned char)(0x11 << (i % 4));
        for (int i = 0; i < 5 * T; i++)
            if ((int)upcr_ps_elem(IA_var.offset, i, sizeof(int), 5).thread == me)
                *ELEM(int, IA, 5, i) = (i * 37) % 101 - 50;
        upcr_barrier(0, 0);
        pts res = at(&RES_var, 0, 0);
        pre(f);
        upc_all_reduceL(res, at(&LA_var, 0, 0), UPC_NONCOMM_FUNC, N, 3, compose, f);
        upc_all_prefix_reduceL(at(&LB_var, 0, 0), at(&LA_var, 0, 0), UPC_NONCOMM_FUNC, N, 3, compose, f);
        upc_all_reduceD(upcr_ps_make(T - 1, RES_var.offset + 8, 0), at(&DA_var, 0, 0), UPC_ADD, 7 * T, 2, 0, f);
        upc_all_prefix_reduceD(at(&DB_var, 0, 0), at(&DA_var, 0, 0), UPC_MAX, 7 * T, 2, 0, f);
        upc_all_reduceLD(upcr_ps_make(0, RES_var.offset + 16, 0), at(&LDA_var, 0, 0), UPC_FUNC, 5 * T, 1, ldmul, f);
        upc_all_reduceUC(upcr_ps_make(0, RES_var.offset + 32, 0), at(&UCA_var, 0, 0), UPC_OR, 9 * T, 4, 0, f);
        /* starting in the middle of a block: elements 3.. of IA, phase 3 */
        upc_all_reduceI(upcr_ps_make(0, RES_var.offset + 40, 0), upcr_ps_elem(IA_var.offset, 3, sizeof(int), 5), UPC_MIN, 5 * T - 3, 5, 0, f);
        upc_all_reduceI(upcr_ps_make(0, RES_var.offset + 44, 0), upcr_ps_elem(IA_var.offset, 3, sizeof(int), 5), UPC_ADD, 5 * T - 3, 5, 0, f);
        post(f);
        upcr_barrier(0, 0);
        long acc = 0; double dsum = 0, dmax = -1; long double ldp = 1; int imin = 1 << 30, isum = 0;
        for (int i = 0; i < N; i++) {
            long x = ((long)(i % 3 + 2) << 32) | (i % 9 + 1);
            acc = i ? compose(acc, x) : x;
            CHECK(*ELEM(long, LB, 3, i) == acc);
        }
        CHECK(*(long *)loc(&RES_var, 0, 0) == acc);
        for (int i = 0; i < 7 * T; i++) {
            double x = 0.5 + (i % 5) * 0.25;
            dsum += x; dmax = x > dmax ? x : dmax;
            CHECK(*ELEM(double, DB, 2, i) == dmax);
        }
        CHECK(fabs(*(double *)loc(&RES_var, T - 1, 8) - dsum) < 1e-9 * dsum);
        for (int i = 0; i < 5 * T; i++) ldp *= 1.0L + (i % 3) * 0.5L;
        long double got = *(long double *)loc(&RES_var, 0, 16);
        CHECK(fabsl(got - ldp) <= 1e-15L * ldp);
        CHECK(*(unsigned char *)loc(&RES_var, 0, 32) == (T * 9 >= 4 ? 0xff : 0x11));
        for (int i = 3; i < 5 * T; i++) { int x = (i * 37) % 101 - 50; imin = x < imin ? x : imin; isum += x; }
        CHECK(*(int *)loc(&RES_var, 0, 40) == imin);
        CHECK(*(int *)loc(&RES_var, 0, 44) == isum);
        upcr_barrier(0, 0);
        /* sort LB (blocked by 3) descending-by-construction data */
        for (int i = 0; i < N; i++)
            if ((int)upcr_ps_elem(LB_var.offset, i, sizeof(long), 3).thread == me)
                *ELEM(long, LB, 3, i) = (i * 7919L) % 97;
        upcr_barrier(0, 0);
        pre(f);
        upc_all_sort(at(&LB_var, 0, 0), sizeof(long), N, 3, cmp_long, f);
        post(f);
        upcr_barrier(0, 0);
        for (int i = 1; i < N; i++) CHECK(*ELEM(long, LB, 3, i - 1) <= *ELEM(long, LB, 3, i));
        (void)lmax;
    }
    if (me == 0) printf("collectives ok THREADS=%d\n", T);
    return 0;
}
