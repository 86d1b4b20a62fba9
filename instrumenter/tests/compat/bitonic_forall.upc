/* bitonic_forall.upc -- bitonic sorting network over a cyclic shared array:
 * every stage is a upc_forall in which the owner of the lower element of each
 * compare-exchange pair does the exchange, with a barrier between stages.
 * Keys come from rand_r with a fixed seed, so the run is reproducible. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define LOGN 8
#define N (1 << LOGN)

shared unsigned *keys; /* N keys, cyclic */
shared unsigned long long sum_in[THREADS];

int main(void)
{
    int i, k, j, bad = 0;
    unsigned seed = 12345u;
    unsigned long long before = 0, after = 0;

    keys = (shared unsigned *)upc_all_alloc(N, sizeof(unsigned));
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++)
            keys[i] = (unsigned)rand_r(&seed) % 100000u;
    upc_barrier;
    upc_forall (i = 0; i < N; i++; &keys[i])
        sum_in[MYTHREAD] += keys[i];
    upc_barrier;

    for (k = 2; k <= N; k <<= 1)
        for (j = k >> 1; j > 0; j >>= 1) {
            upc_forall (i = 0; i < N; i++; &keys[i]) {
                int partner = i ^ j;
                if (partner > i) {
                    unsigned a = keys[i], b = keys[partner];
                    int up = (i & k) == 0;
                    if ((a > b) == up) {
                        keys[i] = b;
                        keys[partner] = a;
                    }
                }
            }
            upc_barrier;
        }

    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++) before += sum_in[i];
        for (i = 0; i < N; i++) {
            after += keys[i];
            if (i > 0 && keys[i - 1] > keys[i]) bad++;
        }
        printf("sorted %d keys: %s\n", N, bad ? "NO" : "yes");
        printf("checksum preserved: %s\n", before == after ? "yes" : "NO");
        printf("min=%u median=%u max=%u\n", keys[0], keys[N / 2], keys[N - 1]);
    }
    return 0;
}
