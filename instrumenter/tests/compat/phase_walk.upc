/* phase_walk.upc -- walk a blocked array one element at a time and check
 * upc_threadof/upc_phaseof/upc_addrfield against the layout formula, then
 * upc_resetphase and upc_affinitysize (the "ptr arith" test of a compiler suite). */
#include <upc_strict.h>
#include <stdio.h>

#define B 3
#define PER 5

shared [B] long arr[B * PER * THREADS];
shared int failures[THREADS];

#define FAIL(what) do { failures[MYTHREAD]++; \
    fprintf(stderr, "thread %d: %s (i=%d)\n", MYTHREAD, what, i); } while (0)

int main(void)
{
    shared [B] long *p = &arr[0];
    size_t base = upc_addrfield(&arr[0]);
    int i, n = B * PER * THREADS;

    upc_forall (i = 0; i < n; i++; &arr[i])
        arr[i] = i;
    upc_barrier;

    for (i = 0; i < n; i++, p++) {
        size_t blk = i / B;
        if (upc_threadof(p) != blk % THREADS) FAIL("thread");
        if (upc_phaseof(p) != (size_t)(i % B)) FAIL("phase");
        if (upc_addrfield(p) != base + ((blk / THREADS) * B + i % B) * sizeof(long))
            FAIL("addrfield");
        if (*p != i) FAIL("value");
        if (p != &arr[i]) FAIL("pointer equality");
        {
            shared [B] long *r = upc_resetphase(p);
            if (upc_phaseof(r) != 0 || upc_threadof(r) != upc_threadof(p)) FAIL("resetphase");
            /* the same address, only the phase is zero */
            if (upc_addrfield(r) != upc_addrfield(p)) FAIL("resetphase address");
            /* and arithmetic goes on from phase 0 */
            if (upc_phaseof(r + 1) != (B > 1 ? 1 : 0)) FAIL("resetphase arithmetic");
        }
    }

    /* upc_affinitysize: bytes of a (total, block) allocation on each thread */
    {
        size_t total = sizeof(long) * (size_t)n, sum = 0;
        int t;
        for (t = 0; t < THREADS; t++) {
            size_t s = upc_affinitysize(total, B * sizeof(long), t);
            if (s != (size_t)PER * B * sizeof(long)) { i = t; FAIL("affinitysize"); }
            sum += s;
        }
        if (sum != total) { i = -1; FAIL("affinitysize sum"); }
        /* a partial last block */
        sum = 0;
        for (t = 0; t < THREADS; t++)
            sum += upc_affinitysize(1000, 64, t);
        if (sum != 1000) { i = -2; FAIL("affinitysize partial"); }
        if (upc_affinitysize(1000, 64, 0) < upc_affinitysize(1000, 64, THREADS - 1)) {
            i = -3; FAIL("affinitysize order");
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, f = 0;
        for (t = 0; t < THREADS; t++) f += failures[t];
        printf("walked %d elements of shared [%d] long on every thread\n", B * PER, B);
        printf("failures: %d\n", f);
    }
    return 0;
}
