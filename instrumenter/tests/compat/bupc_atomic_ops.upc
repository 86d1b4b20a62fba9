/*
 * Berkeley UPC's atomic memory operations (bupc_atomicX_op_RS), the way
 * codes written for Berkeley UPC use them: fetch-and-add counters, a
 * compare-and-swap election, bit sets built with fetch-or, masked swaps and
 * relaxed reads after a barrier.  Every result printed is independent of the
 * order in which the threads' operations happen.
 */
#include <upc.h>
#include <bupc_atomic.h>
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>

shared int64_t counter64;              /* on thread 0 */
shared uint64_t bits[THREADS];         /* one word per thread */
shared uint32_t tickets;
shared int winner;
shared unsigned long ulmask;
shared long lsum;
shared unsigned int ui_xor;
shared int32_t i32_min_holder;
shared int claims[THREADS];

#define ROUNDS 100

int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        bupc_atomicI_set_strict(&winner, -1);
        bupc_atomicUL_set_relaxed(&ulmask, 0xFFUL);
    }
    upc_barrier;

    for (i = 0; i < ROUNDS; i++)
        (void)bupc_atomicI64_fetchadd_relaxed(&counter64, (int64_t)(i % 7) - 3);

    /* the first thread to swap -1 out wins */
    if (bupc_atomicI_cswap_strict(&winner, -1, MYTHREAD) == -1)
        claims[MYTHREAD] = 1;

    /* everybody sets its bit in every thread's word, with fetch-or */
    for (i = 0; i < THREADS; i++)
        bupc_atomicU64_fetchor_relaxed(&bits[i], (uint64_t)1 << MYTHREAD);

    /* tickets: each thread takes 3; the values it gets are distinct */
    {
        uint32_t a = bupc_atomicU32_fetchadd_strict(&tickets, 1);
        uint32_t b = bupc_atomicU32_fetchadd_strict(&tickets, 1);
        uint32_t c = bupc_atomicU32_fetchadd_strict(&tickets, 1);
        if (a == b || b == c || a == c)
            printf("thread %d: duplicate tickets\n", MYTHREAD);
    }

    bupc_atomicL_fetchadd_relaxed(&lsum, (long)MYTHREAD + 1);
    bupc_atomicUI_fetchxor_relaxed(&ui_xor, 0x5A5Au);
    bupc_atomicUI_fetchxor_relaxed(&ui_xor, 0x5A5Au);   /* cancels: always 0 */
    bupc_atomicUL_fetchand_relaxed(&ulmask, ~(1UL << (MYTHREAD % 8)));
    upc_barrier;

    if (MYTHREAD == 0) {
        int t, nclaims = 0, w = bupc_atomicI_read_relaxed(&winner), ok = 1;
        uint64_t all = THREADS == 64 ? ~(uint64_t)0 : (((uint64_t)1 << THREADS) - 1);
        for (t = 0; t < THREADS; t++) {
            nclaims += claims[t];
            if (bupc_atomicU64_read_relaxed(&bits[t]) != all)
                ok = 0;
        }
        printf("counter64 %" PRId64 "\n", bupc_atomicI64_read_strict(&counter64) / THREADS);
        printf("one winner: %s\n", nclaims == 1 && claims[w] == 1 ? "yes" : "no");
        printf("bit sets complete: %s\n", ok ? "yes" : "no");
        printf("tickets %" PRIu32 " = 3 * THREADS: %s\n", (uint32_t)tickets,
               tickets == 3u * THREADS ? "yes" : "no");
        printf("lsum is THREADS*(THREADS+1)/2: %s\n",
               lsum == (long)THREADS * (THREADS + 1) / 2 ? "yes" : "no");
        printf("ui_xor %u\n", bupc_atomicUI_read_relaxed(&ui_xor));
        printf("ulmask cleared: %s\n",
               bupc_atomicUL_read_relaxed(&ulmask) ==
                       (THREADS >= 8 ? 0UL : 0xFFUL & ~((1UL << THREADS) - 1))
                   ? "yes" : "no");

        /* swap, masked swap, fetchnot: old values come back */
        bupc_atomicI32_set_relaxed(&i32_min_holder, 0x1234);
        printf("swap old %#x\n", (unsigned)bupc_atomicI32_swap_relaxed(&i32_min_holder, 0x00F0));
        printf("mswap old %#x\n",
               (unsigned)bupc_atomicI32_mswap_strict(&i32_min_holder, 0x0F0F, 0x0A0A));
        printf("now %#x\n", (unsigned)bupc_atomicI32_read_relaxed(&i32_min_holder));
        printf("fetchnot old %#x\n", (unsigned)bupc_atomicI32_fetchnot_relaxed(&i32_min_holder));
        printf("now %d\n", (int)bupc_atomicI32_read_relaxed(&i32_min_holder));
        printf("cswap fails: old %d\n",
               (int)bupc_atomicI32_cswap_relaxed(&i32_min_holder, 7, 8));
    }
    return 0;
}
