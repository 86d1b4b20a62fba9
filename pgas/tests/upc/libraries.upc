/* upc-check-test
 * expect: clean
 * threads: 1 3 4 8
 * stdout: libraries ok
 */
/* The optional 1.3 libraries: <upc_nb.h> transfers, <upc_atomic.h> domains and operations,
 * <upc_castable.h>, <upc_tick.h>, and the pointer functions of <upc.h>. */
#include <upc.h>
#include <upc_nb.h>
#include <upc_atomic.h>
#include <upc_castable.h>
#include <upc_tick.h>
#include <stdio.h>

shared [4] int arr[4 * THREADS];
shared long total;
shared double dsum;
shared int *shared winner;
static int errors;
#define EXPECT(c) do { if (!(c)) { errors++; printf("thread %d: line %d: %s\n", MYTHREAD, __LINE__, #c); } } while (0)

int main(void)
{
    int i, mine[4], got[4];
    upc_tick_t t0 = upc_ticks_now();
    upc_atomicdomain_t *ld = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_INC | UPC_GET, 0);
    upc_atomicdomain_t *dd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_ADD | UPC_GET, 0);
    upc_atomicdomain_t *pd = upc_all_atomicdomain_alloc(UPC_PTS, UPC_CSWAP | UPC_GET, 0);
    for (i = 0; i < 4; i++)
        mine[i] = 10 * MYTHREAD + i;
    upc_handle_t h = upc_memput_nb(&arr[4 * MYTHREAD], mine, sizeof mine);
    upc_sync(h);
    upc_barrier;
    upc_memget_nbi(got, &arr[4 * ((MYTHREAD + 1) % THREADS)], sizeof got);
    upc_synci();
    for (i = 0; i < 4; i++)
        EXPECT(got[i] == 10 * ((MYTHREAD + 1) % THREADS) + i);
    EXPECT(upc_sync_attempt(UPC_COMPLETE_HANDLE));
    for (i = 0; i < 100; i++) {
        long two = 2;
        double q = 0.25;
        upc_atomic_relaxed(ld, NULL, UPC_ADD, &total, &two, NULL);
        upc_atomic_strict(ld, NULL, UPC_INC, &total, NULL, NULL);
        upc_atomic_relaxed(dd, NULL, UPC_ADD, &dsum, &q, NULL);
    }
    {
        shared int *me = &arr[4 * MYTHREAD], *expected = NULL, *old;
        upc_atomic_strict(pd, &old, UPC_CSWAP, &winner, &expected, &me);
    }
    upc_barrier;
    {
        long t;
        double d;
        shared int *w;
        upc_atomic_strict(ld, &t, UPC_GET, &total, NULL, NULL);
        upc_atomic_strict(dd, &d, UPC_GET, &dsum, NULL, NULL);
        upc_atomic_strict(pd, &w, UPC_GET, &winner, NULL, NULL);
        EXPECT(t == 300L * THREADS);
        EXPECT(d == 25.0 * THREADS);
        EXPECT(w != NULL && upc_phaseof(w) == 0 && upc_threadof(w) < THREADS);
    }
    /* Everything is castable on one node (the smp conduit); with every thread its own node
     * (the MPI conduit, UPC_MPI_NODES=rank) only the calling thread's data is. */
    {
        int other = (MYTHREAD + 1) % THREADS;
        int *lp = (int *)upc_cast(&arr[4 * other + 1]);
        upc_thread_info_t ti = upc_thread_info(other);
        if (ti.guaranteedCastable == UPC_CASTABLE_ALL)
            EXPECT(lp != NULL && *lp == 10 * other + 1);
        else
            EXPECT(ti.guaranteedCastable == 0 && lp == NULL && other != MYTHREAD);
        int *mine = (int *)upc_cast(&arr[4 * MYTHREAD + 1]);
        EXPECT(upc_thread_info(MYTHREAD).guaranteedCastable == UPC_CASTABLE_ALL);
        EXPECT(mine != NULL && *mine == 10 * MYTHREAD + 1);
        EXPECT(upc_cast(NULL) == NULL);
    }
    /* Pointer functions. */
    EXPECT(upc_threadof(&arr[5]) == 1 % THREADS);
    EXPECT(upc_phaseof(&arr[5]) == 1);
    EXPECT(upc_phaseof(upc_resetphase(&arr[5])) == 0);
    EXPECT(upc_addrfield(&arr[3]) - upc_addrfield(&arr[1]) == 2 * sizeof(int));
    {
        /* 40 bytes in blocks of 12 dealt round-robin: thread 0 has blocks 0, THREADS, ... */
        size_t want = 0;
        for (size_t b = 0; b * 12 < 40; b += THREADS)
            want += 40 - b * 12 < 12 ? 40 - b * 12 : 12;
        EXPECT(upc_affinitysize(40, 12, 0) == want);
        EXPECT(upc_affinitysize(40, 12, 0) == (THREADS == 3 ? 16 : THREADS == 4 ? 12 : THREADS == 1 ? 40 : want));
    }
    EXPECT(upc_ticks_to_ns(upc_ticks_now() - t0) < 3600ULL * 1000000000ULL);
    upc_barrier;
    upc_all_atomicdomain_free(ld);
    upc_all_atomicdomain_free(dd);
    upc_all_atomicdomain_free(pd);
    if (errors)
        return 1;
    if (MYTHREAD == 0)
        printf("libraries ok\n");
    return 0;
}
