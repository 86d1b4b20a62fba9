/*
 * conf.h — self-checking helpers shared by the conformance programs.
 *
 * A program defines CONF_FEATURE (the name printed in PASS/FAIL lines) before including
 * this header, calls CHECK/CHECK_EQ/CHECK_EQI as it goes (on any thread), and ends main
 * with `return conf_finish();`.  conf_finish is collective: every thread publishes its
 * number of failed checks, a barrier follows, and thread 0 prints `PASS <feature>` if no
 * thread failed, else `FAIL <feature>: ...`.  Every thread returns non-zero on failure.
 *
 * In a program made of several translation units, exactly one of them includes this
 * header without CONF_EXTERN_ONLY (that one defines the shared failure table).
 */
#ifndef CONF_H
#define CONF_H

#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>

#ifndef CONF_FEATURE
#error "define CONF_FEATURE before including conf.h"
#endif

#ifdef CONF_EXTERN_ONLY
extern shared int conf_fails[THREADS];
#else
shared int conf_fails[THREADS];
#endif

/* Failed checks of this thread (private). */
static int conf_nfail;

static void conf_report(int line, const char *what, long long got, long long want, long long idx,
                        int has_idx)
{
    conf_nfail++;
    if (conf_nfail > 25)
        return;
    if (has_idx)
        printf("FAIL %s: thread %d line %d: %s [index %lld]: got %lld, want %lld\n", CONF_FEATURE,
               (int)MYTHREAD, line, what, idx, got, want);
    else
        printf("FAIL %s: thread %d line %d: %s: got %lld, want %lld\n", CONF_FEATURE,
               (int)MYTHREAD, line, what, got, want);
    fflush(stdout);
}

/* A boolean check. */
#define CHECK(cond)                                                                         \
    do {                                                                                    \
        if (!(cond))                                                                        \
            conf_report(__LINE__, #cond, 0, 1, 0, 0);                                       \
    } while (0)

/* An integer equality check: prints both values on failure. */
#define CHECK_EQ(got, want)                                                                 \
    do {                                                                                    \
        long long conf_g_ = (long long)(got), conf_w_ = (long long)(want);                  \
        if (conf_g_ != conf_w_)                                                             \
            conf_report(__LINE__, #got " == " #want, conf_g_, conf_w_, 0, 0);               \
    } while (0)

/* The same inside a loop: also prints the loop index. */
#define CHECK_EQI(got, want, idx)                                                           \
    do {                                                                                    \
        long long conf_g_ = (long long)(got), conf_w_ = (long long)(want);                  \
        if (conf_g_ != conf_w_)                                                             \
            conf_report(__LINE__, #got " == " #want, conf_g_, conf_w_, (long long)(idx), 1); \
    } while (0)

/* Nonzero when the MPI conduit runs the threads as nodes of their own (UPC_MPI_NODES set,
 * the conformance mode mpi-rank): every remote access, lock hand-off and barrier is then a
 * message over TCP, about a millisecond each on a loaded machine, so a program that repeats
 * an operation 10^5 times to stress it repeats it fewer times there. */
static int conf_over_tcp(void)
{
    const char *nodes = getenv("UPC_MPI_NODES");
    return nodes != NULL && *nodes != '\0';
}

/* Collective end of a program: see the top of this file. */
static int conf_finish(void)
{
    int total = 0;
    conf_fails[MYTHREAD] = conf_nfail;
    upc_barrier;
    for (int t = 0; t < THREADS; t++)
        total += conf_fails[t];
    if (MYTHREAD == 0) {
        if (total == 0)
            printf("PASS %s\n", CONF_FEATURE);
        else
            printf("FAIL %s: %d failed checks in total\n", CONF_FEATURE, total);
        fflush(stdout);
    }
    upc_barrier;
    return total == 0 ? 0 : 1;
}

/* Expected layout of element i of an array with block size B (0: indefinite) whose
 * element 0 is at addrfield a0 on thread t0: checks thread, phase and address of p. */
static void conf_check_elem(int line, const char *name, shared void *p, long i, long B, long E,
                            long t0, long long a0)
{
    long T = THREADS;
    long thread, phase, local;
    if (B == 0) {
        thread = t0;
        phase = 0;
        local = i;
    } else {
        thread = (i / B) % T;
        phase = i % B;
        local = (i / (B * T)) * B + i % B;
    }
    if ((long)upc_threadof(p) != thread || (long)upc_phaseof(p) != phase ||
        (long long)upc_addrfield(p) - a0 != (long long)local * E) {
        conf_nfail++;
        if (conf_nfail <= 25)
            printf("FAIL %s: thread %d line %d: &%s[%ld]: (thread %ld, phase %ld, addr +%lld), "
                   "want (%ld, %ld, +%lld)\n",
                   CONF_FEATURE, (int)MYTHREAD, line, name, i, (long)upc_threadof(p),
                   (long)upc_phaseof(p), (long long)upc_addrfield(p) - a0, thread, phase,
                   (long long)local * E);
        fflush(stdout);
    }
}

/* Number of values of i in [0, n) with (i / B) % THREADS == t (B > 0). */
static long conf_count_owned(long n, long B, long t)
{
    long c = 0;
    for (long i = 0; i < n; i++)
        if ((i / B) % THREADS == t)
            c++;
    return c;
}

/* Spin on a condition in a way that also works with many more threads than cores. */
#define CONF_SPIN_UNTIL(cond)                                                               \
    do {                                                                                    \
        while (!(cond))                                                                     \
            sched_yield();                                                                  \
    } while (0)

#endif
