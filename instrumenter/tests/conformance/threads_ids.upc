/* MYTHREAD, THREADS and UPC_MAX_BLOCK_SIZE: THREADS is the thread count the job was
 * started with (and a constant usable in #if with -T), MYTHREAD takes every value in
 * 0..THREADS-1 exactly once, the predefined macros are as the specification says. */
#define CONF_FEATURE "threads_ids"
#include "conf.h"

// expect-stdout: threads_ids: __UPC__=1 UPC_MAX_BLOCK_SIZE usable in #if

#if !defined(__UPC__) || __UPC__ != 1
#error "__UPC__ must be 1"
#endif
#ifndef __UPC_VERSION__
#error "__UPC_VERSION__ must be defined"
#endif
#if UPC_MAX_BLOCK_SIZE < 1048575
#error "UPC_MAX_BLOCK_SIZE unexpectedly small"
#endif
#if defined(__UPC_STATIC_THREADS__) == defined(__UPC_DYNAMIC_THREADS__)
#error "exactly one of __UPC_STATIC_THREADS__ and __UPC_DYNAMIC_THREADS__"
#endif
#ifdef __UPC_STATIC_THREADS__
#if THREADS < 1
#error "THREADS < 1"
#endif
static const int threads_at_compile_time = THREADS;
#endif

shared int seen[THREADS];
shared int sum;
shared [UPC_MAX_BLOCK_SIZE] char *big_ptr;

int main(void)
{
    long T = THREADS, me = MYTHREAD;
    const char *want = getenv("CONF_EXPECT_THREADS");

    CHECK(T >= 1);
    CHECK(me >= 0 && me < T);
    if (want)
        CHECK_EQ(T, atoi(want));
#ifdef __UPC_STATIC_THREADS__
    CHECK_EQ(threads_at_compile_time, T);
#endif
    CHECK_EQ(sizeof(THREADS) >= sizeof(int), 1);
    seen[MYTHREAD] += 1;
    upc_barrier;
    for (long t = 0; t < T; t++)
        CHECK_EQI(seen[t], 1, t);
    /* MYTHREAD is the same value in every expression on one thread */
    CHECK_EQ(MYTHREAD, me);
    CHECK_EQ(upc_threadof(&seen[MYTHREAD]), MYTHREAD);

    /* UPC_MAX_BLOCK_SIZE as a block size: the phase field holds it. */
    CHECK_EQ(upc_blocksizeof(*big_ptr), UPC_MAX_BLOCK_SIZE);
    {
        shared void *v = upc_all_alloc(1, 64);
        shared [UPC_MAX_BLOCK_SIZE] char *p = (shared [UPC_MAX_BLOCK_SIZE] char *)v;
        CHECK(p != NULL);
        CHECK_EQ(upc_phaseof(p + 63), 63);
        CHECK_EQ(upc_threadof(p + 63), 0);
        CHECK_EQ(upc_addrfield(p + 63) - upc_addrfield(p), 63);
        CHECK_EQ((p + 63) - p, 63);
        upc_barrier;
        if (MYTHREAD == 0)
            upc_free(v);
    }

    /* Each thread adds MYTHREAD once under mutual exclusion by turns. */
    for (long t = 0; t < T; t++) {
        if (t == me)
            sum += (int)MYTHREAD;
        upc_barrier;
    }
    CHECK_EQ(sum, T * (T - 1) / 2);
    if (MYTHREAD == 0)
        printf("threads_ids: __UPC__=%d UPC_MAX_BLOCK_SIZE usable in #if\n", __UPC__);
    return conf_finish();
}
