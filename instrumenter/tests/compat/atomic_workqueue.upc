/* A self-scheduling work queue on the UPC 1.3 atomics: a shared counter
 * handed out with UPC_INC fetches, per-thread tallies with UPC_ADD, a
 * minimum and maximum with UPC_MIN/UPC_MAX, a one-time election with
 * UPC_CSWAP, and a pointer-to-shared swapped with UPC_SET in a UPC_PTS domain. */
#include <upc_relaxed.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdint.h>

#ifndef __UPC_ATOMIC__
#error "no atomics"
#endif

#define NTASKS 200

shared long next_task;
shared long done_by[THREADS];
shared [] long task_owner[NTASKS];
shared int64_t lo, hi;
shared int leader;
shared double energy;
shared int slots[THREADS];
shared int * shared last_slot;

static long cost(long t) { return (t * 7919) % 101; }

int
main(void)
{
    upc_atomicdomain_t *ld, *i64d, *id, *dd, *pd;
    long mine = 0, t, one = 1;
    int me = MYTHREAD, none = -1, old;
    double de;
    shared int *prev, *myslot = &slots[MYTHREAD];

    ld = upc_all_atomicdomain_alloc(UPC_LONG, UPC_INC | UPC_ADD | UPC_GET | UPC_SET, 0);
    i64d = upc_all_atomicdomain_alloc(UPC_INT64, UPC_MIN | UPC_MAX, UPC_ATOMIC_HINT_LATENCY);
    id = upc_all_atomicdomain_alloc(UPC_INT, UPC_CSWAP, 0);
    dd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD, 0);
    pd = upc_all_atomicdomain_alloc(UPC_PTS, UPC_SET | UPC_GET, 0);

    if (MYTHREAD == 0) {
        next_task = 0;
        lo = INT64_MAX;
        hi = INT64_MIN;
        leader = -1;
        energy = 0.0;
        last_slot = NULL;
    }
    done_by[MYTHREAD] = 0;
    upc_barrier;

    for (;;) {
        upc_atomic_relaxed(ld, &t, UPC_INC, &next_task, NULL, NULL);
        if (t >= NTASKS)
            break;
        task_owner[t] = MYTHREAD;
        mine++;
        {
            int64_t c = cost(t);
            upc_atomic_relaxed(i64d, NULL, UPC_MIN, &lo, &c, NULL);
            upc_atomic_relaxed(i64d, NULL, UPC_MAX, &hi, &c, NULL);
        }
        de = cost(t) * 0.5;
        upc_atomic_relaxed(dd, NULL, UPC_ADD, &energy, &de, NULL);
    }
    upc_atomic_strict(ld, NULL, UPC_ADD, &done_by[MYTHREAD], &mine, NULL);
    upc_atomic_strict(id, &old, UPC_CSWAP, &leader, &none, &me);
    upc_atomic_relaxed(pd, &prev, UPC_SET, &last_slot, &myslot, NULL);
    (void) one;
    upc_barrier;

    if (MYTHREAD == 0) {
        long total = 0, expect_energy2 = 0;
        int ok = 1;
        int64_t elo = INT64_MAX, ehi = INT64_MIN;
        shared int *ls;
        long nt;
        for (t = 0; t < THREADS; t++)
            total += done_by[t];
        for (t = 0; t < NTASKS; t++) {
            ok &= task_owner[t] >= 0 && task_owner[t] < THREADS;
            elo = cost(t) < elo ? cost(t) : elo;
            ehi = cost(t) > ehi ? cost(t) : ehi;
            expect_energy2 += cost(t);
        }
        upc_atomic_relaxed(pd, &ls, UPC_GET, &last_slot, NULL, NULL);
        upc_atomic_relaxed(ld, &nt, UPC_GET, &next_task, NULL, NULL);
        printf("tasks done: %ld of %d, owners %s\n", total, NTASKS, ok ? "valid" : "INVALID");
        printf("min %s max %s energy %s\n", lo == elo ? "ok" : "WRONG", hi == ehi ? "ok" : "WRONG",
               energy * 2 == expect_energy2 ? "ok" : "WRONG");
        printf("one leader elected: %s\n", leader >= 0 && leader < THREADS ? "yes" : "no");
        printf("last slot set by a thread: %s, counter overshoot %ld\n",
               ls != NULL && upc_threadof(ls) < (size_t) THREADS ? "yes" : "no",
               nt - NTASKS - THREADS);
    }
    upc_barrier;
    upc_all_atomicdomain_free(ld);
    upc_all_atomicdomain_free(i64d);
    upc_all_atomicdomain_free(id);
    upc_all_atomicdomain_free(dd);
    upc_all_atomicdomain_free(pd);
    return 0;
}
