/* A shared histogram updated with UPC 1.3 atomics instead of locks: UPC_INC on
 * int bins with no fetch, UPC_ADD of weights into UPC_UINT64 totals, UPC_MAX
 * of the largest sample seen, fetched by UPC_GET after the barrier, all
 * domains made from upc_op_t/upc_type_t variables; checked against a serial
 * recount done by thread 0. */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdint.h>

#define NBINS 16
#define PER 500

shared [] int bins[NBINS];              /* all on thread 0 */
shared [NBINS] uint64_t weight[NBINS * THREADS];  /* thread 0's block is used */
shared int biggest;

static unsigned sample(unsigned i)
{
    i = (i ^ 61u) ^ (i >> 16);
    i *= 9u;
    i ^= i >> 4;
    i *= 0x27d4eb2du;
    return (i ^ (i >> 15)) % 1000u;
}

int main(void)
{
    upc_type_t it = UPC_INT, wt = UPC_UINT64;
    upc_op_t iops = UPC_INC | UPC_MAX | UPC_GET, wops = UPC_ADD | UPC_GET;
    upc_atomicdomain_t *idom = upc_all_atomicdomain_alloc(it, iops, 0);
    upc_atomicdomain_t *wdom = upc_all_atomicdomain_alloc(wt, wops, UPC_ATOMIC_HINT_THROUGHPUT);
    int i;

    for (i = 0; i < PER; i++) {
        unsigned g = (unsigned)(MYTHREAD * PER + i), s = sample(g);
        int b = (int)(s * NBINS / 1000), si = (int)s;
        uint64_t w = s + 1;
        upc_atomic_relaxed(idom, NULL, UPC_INC, &bins[b], NULL, NULL);
        upc_atomic_relaxed(wdom, NULL, UPC_ADD, &weight[b], &w, NULL);
        upc_atomic_relaxed(idom, NULL, UPC_MAX, &biggest, &si, NULL);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int cnt[NBINS] = {0}, big = 0, ok = 1, b, got;
        uint64_t wsum[NBINS] = {0}, g;
        for (i = 0; i < PER * THREADS; i++) {
            unsigned s = sample((unsigned)i);
            cnt[s * NBINS / 1000]++;
            wsum[s * NBINS / 1000] += s + 1;
            if ((int)s > big) big = (int)s;
        }
        for (b = 0; b < NBINS; b++) {
            upc_atomic_relaxed(idom, &got, UPC_GET, &bins[b], NULL, NULL);
            upc_atomic_relaxed(wdom, &g, UPC_GET, &weight[b], NULL, NULL);
            ok &= got == cnt[b] && g == wsum[b];
        }
        upc_atomic_relaxed(idom, &got, UPC_GET, &biggest, NULL, NULL);
        printf("%d samples in %d bins: %s, max %s\n", PER * THREADS, NBINS, ok ? "ok" : "WRONG",
               got == big ? "ok" : "WRONG");
    }
    upc_barrier;
    upc_all_atomicdomain_free(idom);
    upc_all_atomicdomain_free(wdom);
    return 0;
}
