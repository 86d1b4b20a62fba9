/*
 * Sieve of Eratosthenes, a classic UPC course assignment: the flags live in a
 * blocked shared array (shared [BLK] char), each thread strikes out the
 * multiples that fall into its own blocks (upc_forall with an integer
 * affinity computed from the index), the primes up to sqrt(N) are found by
 * every thread redundantly, and the count is reduced with upc_all_reduceI.
 */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define BLK 250
#define N (BLK * 8 * THREADS)      /* numbers 0 .. N-1 */

shared [BLK] char composite[N];
shared int counts[THREADS];
shared int total;
shared int twin_pairs[THREADS];

int
main(void)
{
    int i, p, limit = (int) sqrt((double) N) + 1;
    int mine = 0, twins = 0;

    /* 0 and 1 are not prime; everything else starts as a candidate */
    upc_forall (i = 0; i < N; i++; (i / BLK) % THREADS)
        composite[i] = (i < 2);
    upc_barrier;

    for (p = 2; p <= limit; p++) {
        int first;
        if (composite[p])
            continue;
        first = p * p;
        /* strike the multiples of p that live in my blocks */
        upc_forall (i = first; i < N; i += p; &composite[i])
            composite[i] = 1;
        upc_barrier;
    }

    upc_forall (i = 0; i < N; i++; &composite[i]) {
        if (!composite[i]) {
            mine++;
            if (i + 2 < N && !composite[i + 2])
                twins++;
        }
    }
    counts[MYTHREAD] = mine;
    twin_pairs[MYTHREAD] = twins;
    upc_all_reduceI(&total, counts, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0) {
        /* check against trial division */
        int expect = 0, j, t, tw = 0;
        for (i = 2; i < N; i++) {
            int isp = 1;
            for (j = 2; j * j <= i; j++)
                if (i % j == 0) { isp = 0; break; }
            expect += isp;
        }
        for (t = 0; t < THREADS; t++)
            tw += twin_pairs[t];
        printf("primes below N: %s\n", total == expect ? "counted correctly" : "WRONG");
        printf("first primes:");
        for (i = 0, j = 0; j < 10; i++)
            if (!composite[i]) {
                printf(" %d", i);
                j++;
            }
        printf("\ntwin pairs found: %s\n", tw > 0 && tw < total ? "some" : "none?");
    }
    return 0;
}
