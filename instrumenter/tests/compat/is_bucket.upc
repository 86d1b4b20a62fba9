/*
 * is_bucket.upc -- integer sort in the style of NAS IS: keys are generated
 * locally, counted per destination thread (each thread owns a range of key
 * values), the counts are exchanged with upc_all_exchange, the keys are sent
 * with upc_memput into the owners' receive buffers, sorted locally, and the
 * result is verified globally.
 */
#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEYS_PER_THREAD 256
#define MAX_KEY         1024
#define MAXTHREADS      8
#define RECV_MAX        (KEYS_PER_THREAD * MAXTHREADS)   /* worst case: all keys to one thread */

shared int *send_count;             /* THREADS*THREADS ints: block t holds thread t's row */
shared int *recv_count;
shared [] int *shared recv_buf[THREADS];
shared int recv_fill[THREADS];
shared int first_key[THREADS], last_key[THREADS], nkeys[THREADS];
shared long checksum[THREADS];

static unsigned int seed;
static int rand_key(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (int) ((seed >> 8) % MAX_KEY);
}

static int owner_of(int key)
{
    int range = (MAX_KEY + THREADS - 1) / THREADS;
    return key / range;
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *) x, b = *(const int *) y;
    return (a > b) - (a < b);
}

int main(void)
{
    int keys[KEYS_PER_THREAD];
    int count[MAXTHREADS] = {0}, offset[MAXTHREADS];
    int *mine, i, t, n;
    long sum = 0;
    int *my_counts;

    if (THREADS > MAXTHREADS) {
        if (MYTHREAD == 0)
            printf("this test supports at most %d threads\n", MAXTHREADS);
        upc_global_exit(1);
    }
    send_count = (shared int *) upc_all_alloc(THREADS, THREADS * sizeof(int));
    recv_count = (shared int *) upc_all_alloc(THREADS, THREADS * sizeof(int));
    recv_buf[MYTHREAD] = (shared [] int *) upc_alloc(RECV_MAX * sizeof(int));

    seed = 12345u + 977u * (unsigned) MYTHREAD;
    for (i = 0; i < KEYS_PER_THREAD; i++) {
        keys[i] = rand_key();
        count[owner_of(keys[i])]++;
        sum += keys[i];
    }
    checksum[MYTHREAD] = sum;

    /* my row of the count matrix, written through a local pointer to my block */
    my_counts = (int *) (send_count + MYTHREAD);
    for (t = 0; t < THREADS; t++)
        my_counts[t] = count[t];

    upc_all_exchange(recv_count, send_count, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    /* recv_count block of thread d: entry s = number of keys thread s sends to d.
       My offset into d's buffer is the sum of the counts of lower senders. */
    for (t = 0; t < THREADS; t++) {
        int off = 0, s;
        shared [] int *rc = (shared [] int *) (recv_count + t);   /* thread t's block */
        for (s = 0; s < MYTHREAD; s++)
            off += rc[s];
        offset[t] = off;
    }
    {
        /* group my keys by destination, then one upc_memput per destination */
        int *grouped = malloc(KEYS_PER_THREAD * sizeof(int));
        int pos[MAXTHREADS];
        for (t = 0, n = 0; t < THREADS; t++) { pos[t] = n; n += count[t]; }
        for (i = 0; i < KEYS_PER_THREAD; i++)
            grouped[pos[owner_of(keys[i])]++] = keys[i];
        for (t = 0, n = 0; t < THREADS; t++) {
            if (count[t] > 0)
                upc_memput(recv_buf[t] + offset[t], grouped + n, count[t] * sizeof(int));
            n += count[t];
        }
        free(grouped);
    }
    upc_barrier;

    /* sort what I received */
    n = 0;
    for (t = 0; t < THREADS; t++)
        n += ((int *) (recv_count + MYTHREAD))[t];
    mine = (int *) recv_buf[MYTHREAD];
    qsort(mine, n, sizeof(int), cmp_int);
    nkeys[MYTHREAD] = n;
    first_key[MYTHREAD] = n ? mine[0] : -1;
    last_key[MYTHREAD] = n ? mine[n - 1] : -1;
    recv_fill[MYTHREAD] = 1;
    for (i = 1; i < n; i++)
        if (mine[i - 1] > mine[i] || owner_of(mine[i]) != MYTHREAD)
            recv_fill[MYTHREAD] = 0;
    {
        long s = 0;
        for (i = 0; i < n; i++)
            s += mine[i];
        upc_barrier;
        checksum[MYTHREAD] -= s;      /* sum over threads of generated minus received */
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int total = 0, ok = 1, prev = -1;
        long diff = 0;
        for (t = 0; t < THREADS; t++) {
            total += nkeys[t];
            diff += checksum[t];
            ok = ok && recv_fill[t];
            if (nkeys[t] > 0) {
                if (first_key[t] < prev)
                    ok = 0;
                prev = last_key[t];
            }
        }
        printf("keys sorted: %d\n", total / THREADS);
        printf("Verification: %s\n", ok && diff == 0 && total == KEYS_PER_THREAD * THREADS
               ? "SUCCESSFUL" : "UNSUCCESSFUL");
    }
    upc_barrier;
    upc_free(recv_buf[MYTHREAD]);
    upc_all_free(send_count);
    upc_all_free(recv_count);
    return 0;
}
