/* A distributed hash table with one lock per bucket: thread 0 allocates the
 * locks with upc_global_lock_alloc into a shared array of lock pointers
 * (upc_lock_t *shared locks[NBUCKETS]); a second, collective lock guards the
 * statistics; inserts try upc_lock_attempt first and fall back to upc_lock.
 * Buckets are chained through pointers-to-shared into nodes that each thread
 * allocates with upc_alloc. */
#include <upc_relaxed.h>
#include <stdio.h>

#define NBUCKETS 13
#define KEYS_PER_THREAD 40

typedef struct node {
    int key;
    int owner;
    shared struct node *next;
} node_t;

upc_lock_t *shared [] locks[NBUCKETS];
shared node_t *shared [] heads[NBUCKETS];
shared [] int bucket_len[NBUCKETS];
shared int contended;
shared int inserted[THREADS];

static int hash(int k) { return (k * 2654435761u) % NBUCKETS; }

static void
insert(int key, upc_lock_t *stats)
{
    int b = hash(key);
    shared node_t *n = (shared node_t *) upc_alloc(sizeof(node_t));
    n->key = key;
    n->owner = MYTHREAD;
    if (!upc_lock_attempt(locks[b])) {
        upc_lock(stats);
        contended++;
        upc_unlock(stats);
        upc_lock(locks[b]);
    }
    n->next = heads[b];
    heads[b] = n;
    bucket_len[b]++;
    upc_unlock(locks[b]);
}

static int
lookup(int key)
{
    int b = hash(key), found = 0;
    shared node_t *p;
    upc_lock(locks[b]);
    for (p = heads[b]; p != NULL; p = p->next)
        if (p->key == key)
            found++;
    upc_unlock(locks[b]);
    return found;
}

int
main(void)
{
    int i, b;
    upc_lock_t *stats = upc_all_lock_alloc();

    if (MYTHREAD == 0) {
        for (b = 0; b < NBUCKETS; b++) {
            locks[b] = upc_global_lock_alloc();
            heads[b] = NULL;
            bucket_len[b] = 0;
        }
        contended = 0;
    }
    upc_barrier;

    for (i = 0; i < KEYS_PER_THREAD; i++) {
        insert(MYTHREAD + i * THREADS, stats);
        inserted[MYTHREAD]++;
    }
    upc_barrier;

    /* every key is found exactly once, by every thread */
    {
        int missing = 0;
        for (i = 0; i < KEYS_PER_THREAD * THREADS; i++)
            if (lookup(i) != 1)
                missing++;
        inserted[MYTHREAD] = missing ? -missing : inserted[MYTHREAD];
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int total = 0, ok = 1, longest = 0;
        for (b = 0; b < NBUCKETS; b++) {
            int len = 0;
            shared node_t *p;
            for (p = heads[b]; p; p = p->next)
                len++;
            ok &= len == bucket_len[b];
            total += len;
            if (len > longest)
                longest = len;
        }
        for (i = 0; i < THREADS; i++)
            ok &= inserted[i] == KEYS_PER_THREAD;
        printf("%d keys in %d buckets, chains %s\n", total / THREADS, NBUCKETS,
               ok ? "consistent" : "BROKEN");
        printf("contended inserts: %s\n", contended <= total ? "counted" : "??");
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        for (b = 0; b < NBUCKETS; b++)
            upc_lock_free(locks[b]);
    }
    upc_all_lock_free(stats);
    return 0;
}
