/* upc-check-test
 * expect: invalid-argument
 * line: 45
 * threads: 2 4 8
 */
/* Error: the owner of bucket 0 runs the cleanup of its phase-1 resources one phase too early and frees its bucket lock; after the barrier the last thread still appends to bucket 0 under that lock */
#include <upc.h>
#include <stdio.h>

#define PHASES 3
upc_lock_t *shared bucket_lock[THREADS];
shared int bucket_len[THREADS];

static void cleanup(int phase, int last_use)
{
    if (phase == last_use) {
        upc_lock_free(bucket_lock[MYTHREAD]);
        bucket_lock[MYTHREAD] = NULL;
    }
}

static void append(int b)
{
    upc_lock_t *l = bucket_lock[b];
    upc_lock(l);
    bucket_len[b]++;
    upc_unlock(l);
}

static int last_phase_of(int t)
{
    /* bucket 0 is used by the last thread in the final phase; the table says otherwise */
    return t == 0 ? PHASES - 2 : PHASES - 1;
}

int main(void)
{
    int phase;
    upc_lock_t *saved;
    bucket_lock[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    saved = bucket_lock[0];
    for (phase = 0; phase < PHASES; phase++) {
        if (phase == PHASES - 1 && MYTHREAD == THREADS - 1) {
            upc_lock(saved);
            bucket_len[0]++;
            upc_unlock(saved);
        } else if (phase <= last_phase_of(MYTHREAD)) {
            append(MYTHREAD);
        }
        upc_barrier;
        cleanup(phase, last_phase_of(MYTHREAD));
        upc_barrier;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("bucket 0: %d\n", bucket_len[0]);
    return 0;
}
