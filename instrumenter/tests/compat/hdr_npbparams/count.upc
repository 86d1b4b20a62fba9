/* A key-counting kernel configured by npbparams.h, as in the NPB IS code. */
#include <upc.h>
#include <stdio.h>
#include "npbparams.h"
#include "type.h"

#define TOTAL_KEYS   (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY      (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS  (1 << NUM_BUCKETS_LOG_2)
#define KEYS_PER_THREAD ((TOTAL_KEYS + THREADS - 1) / THREADS)

shared INT_TYPE bucket_count[NUM_BUCKETS * THREADS];   /* cyclic: counts of bucket b of thread t at b*THREADS+t */
shared [] INT_TYPE totals[NUM_BUCKETS];
INT_TYPE key_array[TOTAL_KEYS];

static INT_TYPE make_key(int i) { return (INT_TYPE) ((i * 37L + 11) % MAX_KEY); }

int main(void)
{
    int i, b, lo, hi;
    INT_TYPE local_count[NUM_BUCKETS] = {0};
    boolean passed = true;

    lo = MYTHREAD * KEYS_PER_THREAD;
    hi = lo + KEYS_PER_THREAD;
    if (hi > TOTAL_KEYS) hi = TOTAL_KEYS;
    for (i = lo; i < hi; i++) {
        key_array[i] = make_key(i);
        local_count[key_array[i] >> (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)]++;
    }
    for (b = 0; b < NUM_BUCKETS; b++)
        bucket_count[b * THREADS + MYTHREAD] = local_count[b];
    upc_barrier;
    upc_forall (b = 0; b < NUM_BUCKETS; b++; b) {
        INT_TYPE s = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            s += bucket_count[b * THREADS + t];
        totals[b] = s;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        INT_TYPE check[NUM_BUCKETS] = {0}, sum = 0;
        for (i = 0; i < TOTAL_KEYS; i++)
            check[make_key(i) >> (MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2)]++;
        for (b = 0; b < NUM_BUCKETS; b++) {
            sum += totals[b];
            if (totals[b] != check[b])
                passed = false;
        }
        printf(" Class           =                        %c\n", CLASS);
        printf(" Size            =             %12d\n", TOTAL_KEYS);
        printf(" Version         =             %12s\n", NPBVERSION);
        printf(" Keys counted    =             %12d\n", (int) sum);
        printf(" Verification    =             %12s\n", passed ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    return 0;
}
