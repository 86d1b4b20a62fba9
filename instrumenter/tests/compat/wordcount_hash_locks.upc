/* A distributed hash table of word counts, as in data-analytics course codes:
 * the buckets are spread over the threads, each bucket is a linked list of
 * entries allocated with upc_alloc by the inserting thread, linked through
 * pointers-to-shared and guarded by one lock per bucket.  Threads tokenize their share of the lines with strtok_r and insert;
 * thread 0 collects the table, sorts by count then word, and prints it. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define NBUCKETS 31
#define WORDLEN 16

typedef struct entry {
    char word[WORDLEN];
    int count;
    shared struct entry *next;
} entry_t;

shared entry_t *shared heads[NBUCKETS * THREADS];   /* only the first NBUCKETS are used */
upc_lock_t *shared locks[NBUCKETS * THREADS];

static const char *lines[] = {
    "the quick brown fox jumps over the lazy dog",
    "The dog barks; the fox runs.",
    "A quick brown dog? A lazy fox!",
    "over and over and over again",
    "the end of the story is the end",
    "brown is the colour of the fox and the dog",
    "jumps, runs, barks: the verbs",
    "again and again the fox jumps",
};
#define NLINES (int)(sizeof lines / sizeof lines[0])

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s) h = h * 33 + (unsigned char)*s++;
    return h % NBUCKETS;
}

static void insert(const char *w)
{
    unsigned b = hash(w);
    shared entry_t *e;
    upc_lock(locks[b]);
    for (e = heads[b]; e != NULL; e = e->next) {
        char cur[WORDLEN];
        upc_memget(cur, e->word, WORDLEN);
        if (!strcmp(cur, w)) {
            e->count++;
            upc_unlock(locks[b]);
            return;
        }
    }
    e = (shared entry_t *) upc_alloc(sizeof(entry_t));
    upc_memput(e->word, w, WORDLEN);
    e->count = 1;
    e->next = heads[b];
    heads[b] = e;
    upc_unlock(locks[b]);
}

typedef struct { char w[WORDLEN]; int c; } pair_t;

static int by_count(const void *a, const void *b)
{
    const pair_t *x = a, *y = b;
    if (x->c != y->c) return y->c - x->c;
    return strcmp(x->w, y->w);
}

int main(void)
{
    int i, b;
    for (b = MYTHREAD; b < NBUCKETS; b += THREADS) {
        locks[b] = upc_global_lock_alloc();
        heads[b] = NULL;
    }
    upc_barrier;
    for (i = MYTHREAD; i < NLINES; i += THREADS) {
        char buf[128], *save, *tok;
        snprintf(buf, sizeof buf, "%s", lines[i]);
        for (tok = strtok_r(buf, " ,.;:?!", &save); tok; tok = strtok_r(NULL, " ,.;:?!", &save)) {
            char w[WORDLEN];
            int k;
            for (k = 0; tok[k] && k < WORDLEN - 1; k++)
                w[k] = (char)tolower((unsigned char)tok[k]);
            w[k] = '\0';
            insert(w);
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        pair_t all[128];
        int n = 0, total = 0;
        for (b = 0; b < NBUCKETS; b++) {
            shared entry_t *e;
            for (e = heads[b]; e; e = e->next) {
                upc_memget(all[n].w, e->word, WORDLEN);
                all[n].c = e->count;
                total += all[n].c;
                n++;
            }
        }
        qsort(all, n, sizeof all[0], by_count);
        printf("%d words, %d distinct\n", total, n);
        for (i = 0; i < n && i < 8; i++)
            printf("%-8s %d\n", all[i].w, all[i].c);
    }
    upc_barrier;
    return 0;
}
