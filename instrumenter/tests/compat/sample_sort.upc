/*
 * Sample sort, as written for UPC benchmark collections: every thread sorts
 * its keys with qsort, picks regular samples, thread 0 chooses splitters and
 * broadcasts them (upc_all_broadcast), keys are counted per destination,
 * the counts are exchanged (upc_all_exchange), each thread reserves space
 * with upc_alloc and publishes it, the keys are pushed with upc_memput, and
 * the result is checked globally.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define NKEYS 500
#define MAXT 8

typedef unsigned int key_t_;

shared [NKEYS] key_t_ keys[NKEYS * THREADS];
shared [MAXT] key_t_ samples[MAXT * THREADS];
shared [] key_t_ splitters[MAXT];
shared [MAXT] int send_counts[MAXT * THREADS];
shared [MAXT] int recv_counts[MAXT * THREADS];
shared [] key_t_ *shared buckets[THREADS];
shared int bucket_len[THREADS];
shared int fill[THREADS];
strict shared int placed[THREADS];

static int
cmp(const void *a, const void *b)
{
    key_t_ x = *(const key_t_ *) a, y = *(const key_t_ *) b;
    return (x > y) - (x < y);
}

static key_t_
next_key(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 8) % 100000u;
}

int
main(void)
{
    key_t_ local[NKEYS], spl[MAXT];
    unsigned state = 7u + 13u * MYTHREAD;
    int i, t, dest, total_in = 0;
    shared [] key_t_ *mine;

    if (THREADS > MAXT) {
        if (MYTHREAD == 0)
            printf("at most %d threads\n", MAXT);
        return 0;
    }
    for (i = 0; i < NKEYS; i++)
        local[i] = next_key(&state);
    qsort(local, NKEYS, sizeof local[0], cmp);
    for (i = 0; i < THREADS; i++)
        samples[MYTHREAD * MAXT + i] = local[(i * NKEYS) / THREADS];
    upc_barrier;

    if (MYTHREAD == 0) {
        key_t_ all[MAXT * MAXT];
        int n = 0;
        for (t = 0; t < THREADS; t++)
            for (i = 0; i < THREADS; i++)
                all[n++] = samples[t * MAXT + i];
        qsort(all, n, sizeof all[0], cmp);
        for (i = 1; i < THREADS; i++)
            splitters[i - 1] = all[i * THREADS];
    }
    upc_barrier;
    upc_memget(spl, splitters, (THREADS - 1) * sizeof(key_t_));

    /* count keys per destination: local is sorted, so ranges are contiguous */
    for (t = 0; t < THREADS; t++)
        send_counts[MYTHREAD * MAXT + t] = 0;
    for (i = 0, dest = 0; i < NKEYS; i++) {
        while (dest < THREADS - 1 && local[i] >= spl[dest])
            dest++;
        send_counts[MYTHREAD * MAXT + dest]++;
    }
    upc_all_exchange(recv_counts, send_counts, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (t = 0; t < THREADS; t++)
        total_in += recv_counts[MYTHREAD * MAXT + t];
    mine = (shared [] key_t_ *) upc_alloc((total_in > 0 ? total_in : 1) * sizeof(key_t_));
    buckets[MYTHREAD] = mine;
    bucket_len[MYTHREAD] = total_in;
    fill[MYTHREAD] = 0;
    upc_barrier;

    /* push my ranges; the offset of thread s in bucket d is the sum of the
       counts of the threads before s */
    for (i = 0, dest = 0; dest < THREADS; dest++) {
        int n = send_counts[MYTHREAD * MAXT + dest], off = 0;
        for (t = 0; t < MYTHREAD; t++)
            off += recv_counts[dest * MAXT + t];
        if (n > 0)
            upc_memput(&buckets[dest][off], &local[i], n * sizeof(key_t_));
        i += n;
    }
    upc_barrier;
    qsort((key_t_ *) mine, total_in, sizeof(key_t_), cmp);
    placed[MYTHREAD] = 1;
    upc_barrier;

    if (MYTHREAD == 0) {
        long n = 0;
        int sorted = 1;
        key_t_ prev = 0;
        for (t = 0; t < THREADS; t++) {
            shared [] key_t_ *b = buckets[t];
            for (i = 0; i < bucket_len[t]; i++) {
                if (b[i] < prev)
                    sorted = 0;
                prev = b[i];
                n++;
            }
        }
        printf("%ld keys, globally sorted: %s\n", n / THREADS, sorted ? "yes" : "NO");
    }
    upc_barrier;
    upc_free(mine);
    return 0;
}
