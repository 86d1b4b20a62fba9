/* Locks: mutual exclusion under contention (a shared counter incremented 10^5 times in
 * total under one lock, with a read-modify-write that a missing exclusion would break; 10^4
 * times where every hand-off goes over TCP, conf_over_tcp: 10^5 took minutes at 8 threads),
 * upc_lock_attempt, locks from upc_global_lock_alloc shared through shared memory,
 * upc_lock_free and upc_all_lock_free. */
#define CONF_FEATURE "locks"
#include "conf.h"

// expect-stdout: locks: counter = total

shared long counter;
shared long shadow;
upc_lock_t *shared published;
upc_lock_t *shared per_thread[THREADS];
shared int attempts_ok[THREADS];

int main(void)
{
    long T = THREADS, me = MYTHREAD;
    long total = conf_over_tcp() ? 10000 : 100000;
    long mine = total / T + (me < total % T ? 1 : 0);

    /* 1. Contended counter. */
    upc_lock_t *l = upc_all_lock_alloc();
    CHECK(l != NULL);
    upc_barrier;
    for (long k = 0; k < mine; k++) {
        upc_lock(l);
        long c = counter;
        shadow = shadow + 1;
        counter = c + 1;
        upc_unlock(l);
    }
    upc_barrier;
    CHECK_EQ(counter, total);
    CHECK_EQ(shadow, total);

    /* 2. upc_all_lock_alloc gives every thread the same lock. */
    per_thread[MYTHREAD] = l;
    upc_barrier;
    for (long t = 0; t < T; t++)
        CHECK_EQI(per_thread[t] == l, 1, t);
    upc_barrier;

    /* 3. upc_lock_attempt fails while another thread holds the lock, succeeds after. */
    if (MYTHREAD == 0)
        upc_lock(l);
    upc_barrier;
    if (MYTHREAD != 0)
        attempts_ok[MYTHREAD] = upc_lock_attempt(l);
    upc_barrier;
    for (long t = 1; t < T; t++)
        CHECK_EQI(attempts_ok[t], 0, t);
    if (MYTHREAD == 0)
        upc_unlock(l);
    upc_barrier;
    if (MYTHREAD == T - 1) {
        CHECK_EQ(upc_lock_attempt(l), 1);
        upc_unlock(l);
    }
    upc_barrier;

    /* 4. A lock allocated by one thread, used by all through a shared pointer. */
    if (MYTHREAD == 0)
        published = upc_global_lock_alloc();
    upc_barrier;
    {
        upc_lock_t *g = published;
        CHECK(g != NULL);
        for (int k = 0; k < 1000; k++) {
            upc_lock(g);
            counter += 1;
            upc_unlock(g);
        }
        upc_barrier;
        CHECK_EQ(counter, total + 1000 * T);
        upc_barrier;
        if (MYTHREAD == T - 1)
            upc_lock_free(g); /* any thread may free it */
    }

    /* 5. upc_global_lock_alloc on every thread gives distinct locks. */
    per_thread[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    for (long t = 0; t < T; t++)
        if (t != me)
            CHECK_EQI(per_thread[t] != per_thread[MYTHREAD], 1, t);
    /* holding my own lock does not block the others from theirs */
    upc_lock(per_thread[MYTHREAD]);
    upc_barrier;
    upc_unlock(per_thread[MYTHREAD]);
    upc_barrier;
    upc_lock_free(per_thread[MYTHREAD]);
    upc_lock_free(NULL);

    upc_barrier;
    upc_all_lock_free(l);
    if (MYTHREAD == 0)
        printf("locks: counter = %s\n", counter - 1000 * T == total ? "total" : "short");
    return conf_finish();
}
