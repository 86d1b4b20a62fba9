/* Lock mutual exclusion under contention: a shared counter incremented LOCK_ITERS times in
 * total (default 10^5), with upc_lock and upc_lock_attempt, locks from both allocators. */
#include "capi.h"

SHARED_ARRAY(long, counter, 0, 1)
SHARED_ARRAY(long, counter2, 0, 1)
SHARED_ARRAY(pts, lockptr, 0, 1)

UPC_MAIN(0)

static int user_main(int argc, char **argv, char **envp)
{
    (void)argc; (void)argv; (void)envp;
    long total = getenv("LOCK_ITERS") ? atol(getenv("LOCK_ITERS")) : 100000;
    long mine = total / THREADS + (MYTHREAD < total % THREADS);
    pts l = upc_all_lock_alloc();
    /* Same pointer everywhere. */
    if (MYTHREAD == 0)
        *ELEM(pts, lockptr, 0, 0) = l;
    upcr_barrier(0, 0);
    CHECK(upcr_ps_eq(*ELEM(pts, lockptr, 0, 0), l));
    volatile long *c = ELEM(long, counter, 0, 0);
    for (long i = 0; i < mine; i++) {
        upc_lock(l);
        long v = *c; /* non-atomic read-modify-write inside the lock */
        *c = v + 1;
        upc_unlock(l);
    }
    /* upc_lock_attempt: spin until acquired. */
    volatile long *c2 = ELEM(long, counter2, 0, 0);
    for (int i = 0; i < 100; i++) {
        while (!upc_lock_attempt(l))
            ;
        *c2 = *c2 + 1;
        upc_unlock(l);
    }
    upcr_barrier(0, 0);
    CHECK(*c == total);
    CHECK(*c2 == 100L * THREADS);
    /* A thread holding two locks at once; a global lock per thread. */
    pts mylock = upc_global_lock_alloc();
    CHECK(!upcr_ps_is_null(mylock));
    upc_lock(mylock);
    upc_lock(l);
    upc_unlock(l);
    upc_unlock(mylock);
    upc_lock_free(mylock);
    /* Freed lock memory is reused by the next lock allocation. */
    pts again = upc_global_lock_alloc();
    CHECK(upcr_ps_eq(again, mylock));
    upc_lock_free(again);
    upcr_barrier(0, 0);
    upc_all_lock_free(l);
    if (MYTHREAD == 0)
        printf("locks ok: %ld increments by %d threads\n", *c, THREADS);
    return 0;
}
