/* upc_memcpy/memget/memput/memset across threads' blocks, the non-blocking variants, upc_cast,
 * and atomics of every kind of type. */
#include "capi.h"
#include <stdint.h>

#define N 64
SHARED_ARRAY(int, A, 1, N * THREADS)   /* shared int A[N*THREADS] (cyclic) */
SHARED_ARRAY(char, B, N, N * THREADS)  /* shared [N] char B[N*THREADS] */
SHARED_ARRAY(long, acc, 0, 1)
SHARED_ARRAY(double, dacc, 0, 1)
SHARED_ARRAY(uint32_t, bits, 0, 1)
SHARED_ARRAY(pts, ptr, 0, 1)

UPC_MAIN(0)

static int user_main(int argc, char **argv, char **envp)
{
    (void)argc; (void)argv; (void)envp;
    int me = MYTHREAD, T = THREADS;
    /* Each thread fills its own slice of A through a pointer-to-local (cyclic cast). */
    int *mine = (int *)upcr_ps_to_local(upcr_ps_elem(A_var.offset, me, sizeof(int), 1));
    for (int k = 0; k < N; k++)
        mine[k] = me * 1000 + k; /* A[me + k*T] */
    upcr_barrier(0, 0);
    /* memget of the next thread's slice: A[nb], A[nb+T], ... contiguous on thread nb. */
    int nb = (me + 1) % T, buf[N];
    upc_memget(buf, upcr_ps_elem(A_var.offset, nb, sizeof(int), 1), sizeof buf);
    for (int k = 0; k < N; k++)
        CHECK(buf[k] == nb * 1000 + k);
    /* memput into my block of B on the previous thread's... B is blocked by N: block t on t. */
    char cbuf[N];
    memset(cbuf, 'a' + me % 26, N);
    int pv = (me + T - 1) % T;
    pts bblock = upcr_ps_elem(B_var.offset, (size_t)pv * N, 1, N);
    CHECK((int)bblock.thread == pv);
    upcr_barrier(0, 0);
    if (me == 0) {
        for (int t = 0; t < T; t++)
            upc_memset(upcr_ps_elem(B_var.offset, (size_t)t * N, 1, N), 0, N);
    }
    upcr_barrier(0, 0);
    upc_memput(upcr_ps_add(bblock, N / 2, 1, N), cbuf, N / 2); /* second half of pv's block */
    upcr_barrier(0, 0);
    char got[N];
    upc_memget(got, upcr_ps_elem(B_var.offset, (size_t)me * N, 1, N), N);
    for (int k = 0; k < N; k++)
        CHECK(got[k] == (k < N / 2 ? 0 : 'a' + ((me + 1) % T) % 26));
    upcr_barrier(0, 0);
    /* memcpy shared->shared between threads, and the nb variants. */
    pts src = upcr_ps_elem(B_var.offset, (size_t)nb * N + N / 2, 1, N);
    pts dst = upcr_ps_elem(B_var.offset, (size_t)pv * N, 1, N);
    upcr_barrier(0, 0);
    unsigned long h = upc_memcpy_nb(dst, src, N / 2);
    upc_sync(h);
    upcr_barrier(0, 0);
    upc_memget_nb(got, upcr_ps_elem(B_var.offset, (size_t)me * N, 1, N), N / 2);
    /* B[me] first half came from thread (me+2)%T's second half = 'a' + ((me+2)%T) */
    /* dst of thread (me+1) is my block: it copied from thread (me+2)%T's second half, which
     * holds the letter of thread (me+3)%T. */
    for (int k = 0; k < N / 2; k++)
        CHECK(got[k] == 'a' + ((me + 3) % T) % 26);
    CHECK(upc_cast(upcr_ps_elem(B_var.offset, (size_t)nb * N, 1, N)) ==
          upcr_addr(nb, B_var.offset));
    CHECK(upc_cast(UPCR_NULL_PSHARED) == 0);
    upcr_barrier(0, 0);

    /* Atomics: every thread adds, increments, maxes; CSWAP on a PTS. */
    pts dom = upc_all_atomicdomain_alloc(7 /*UPC_LONG*/, (1UL << 0) | (1UL << 13) | (1UL << 8) | (1UL << 9), 0);
    pts ddom = upc_all_atomicdomain_alloc(20 /*UPC_DOUBLE*/, (1UL << 0) | (1UL << 9), 0);
    pts udom = upc_all_atomicdomain_alloc(16 /*UPC_UINT32*/, (1UL << 3) | (1UL << 9), 0);
    pts pdom = upc_all_atomicdomain_alloc(22 /*UPC_PTS*/, (1UL << 11) | (1UL << 9), 0);
    pts accp = upcr_ps_elem(acc_var.offset, 0, sizeof(long), 0);
    pts daccp = upcr_ps_elem(dacc_var.offset, 0, sizeof(double), 0);
    pts bitsp = upcr_ps_elem(bits_var.offset, 0, 4, 0);
    pts ptrp = upcr_ps_elem(ptr_var.offset, 0, sizeof(pts), 0);
    for (int k = 0; k < 1000; k++) {
        long three = 3;
        upc_atomic_relaxed(dom, 0, 1UL << 0, accp, &three, 0);
        upc_atomic_strict(dom, 0, 1UL << 13, accp, 0, 0);
        double half = 0.5;
        upc_atomic_relaxed(ddom, 0, 1UL << 0, daccp, &half, 0);
    }
    uint32_t bit = 1u << (me % 32);
    upc_atomic_strict(udom, 0, 1UL << 3, bitsp, &bit, 0);
    /* Exactly one thread wins the CSWAP from NULL to its own pointer. */
    pts nullp = UPCR_NULL_PSHARED, minep = upcr_ps_make(me, 4096, 0), old;
    upc_atomic_strict(pdom, &old, 1UL << 11, ptrp, &nullp, &minep);
    upcr_barrier(0, 0);
    long total;
    upc_atomic_strict(dom, &total, 1UL << 9, accp, 0, 0);
    CHECK(total == 4000L * T);
    double dt;
    upc_atomic_strict(ddom, &dt, 1UL << 9, daccp, 0, 0);
    CHECK(dt == 500.0 * T);
    uint32_t b;
    upc_atomic_relaxed(udom, &b, 1UL << 9, bitsp, 0, 0);
    CHECK(b == (T >= 32 ? 0xffffffffu : (1u << T) - 1));
    pts winner;
    upc_atomic_strict(pdom, &winner, 1UL << 9, ptrp, 0, 0);
    CHECK(winner.addr == 4096 && (int)winner.thread < T);
    CHECK(upcr_ps_is_null(old) == ((int)winner.thread == me));
    upcr_barrier(0, 0);
    upc_all_atomicdomain_free(dom);
    if (me == 0)
        printf("memops ok\n");
    return 0;
}
