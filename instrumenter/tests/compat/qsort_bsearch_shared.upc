/* Sorting and searching shared data with the C library: every thread copies
 * its block of records out with upc_memget, sorts the copy with qsort and a
 * comparator on a struct key, writes it back with upc_memput; thread 0 then
 * merges the sorted runs into a private table and answers lookups with
 * bsearch, and a qsort with a function-pointer-selected order sorts the
 * results.  Nothing in the output depends on THREADS. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOTAL 240

typedef struct {
    unsigned key;
    int origin;
    char tag[8];
} rec_t;

shared rec_t *recs;         /* TOTAL records, block-distributed by hand */
shared int counts[THREADS];

static int by_key(const void *a, const void *b)
{
    const rec_t *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

static int by_key_desc(const void *a, const void *b)
{
    return by_key(b, a);
}

static int cmp_uint(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

static unsigned mix(unsigned x)
{
    x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
    return x;
}

int main(void)
{
    int per = (TOTAL + THREADS - 1) / THREADS;
    int lo = MYTHREAD * per, hi = lo + per, n, i;
    shared [] rec_t *mine;
    rec_t *buf;

    recs = upc_all_alloc(THREADS, per * sizeof(rec_t));
    if (hi > TOTAL) hi = TOTAL;
    n = hi > lo ? hi - lo : 0;
    counts[MYTHREAD] = n;
    /* my records are the block of thread MYTHREAD: elements t, t+THREADS, ... of a
       cyclic pointer; view them through an indefinite pointer instead */
    mine = (shared [] rec_t *) &recs[MYTHREAD];
    buf = malloc((n ? n : 1) * sizeof *buf);
    for (i = 0; i < n; i++) {
        buf[i].key = mix(lo + i) % 1000;
        buf[i].origin = lo + i;
        snprintf(buf[i].tag, sizeof buf[i].tag, "r%d", lo + i);
    }
    qsort(buf, n, sizeof *buf, by_key);
    if (n) upc_memput(mine, buf, n * sizeof *buf);
    free(buf);
    upc_barrier;

    if (MYTHREAD == 0) {
        rec_t *all = malloc(TOTAL * sizeof *all);
        int pos[64] = {0}, t, k, found = 0;
        int (*order)(const void *, const void *) = by_key_desc;
        unsigned probes[] = { 0, 17, 500, 999, 123 };
        unsigned firsts[5];
        /* k-way merge of the sorted runs, reading shared data directly */
        for (k = 0; k < TOTAL; k++) {
            int best = -1;
            for (t = 0; t < THREADS; t++)
                if (pos[t] < counts[t]) {
                    shared [] rec_t *run = (shared [] rec_t *) &recs[t];
                    if (best < 0 || run[pos[t]].key < ((shared [] rec_t *) &recs[best])[pos[best]].key)
                        best = t;
                }
            upc_memget(&all[k], &((shared [] rec_t *) &recs[best])[pos[best]], sizeof(rec_t));
            pos[best]++;
        }
        for (k = 1; k < TOTAL; k++)
            if (all[k - 1].key > all[k].key)
                printf("merge out of order at %d\n", k);
        printf("min key %u, max key %u, tags %c..%c\n", all[0].key, all[TOTAL - 1].key,
               all[0].tag[0], all[TOTAL - 1].tag[0]);
        for (k = 0; k < 5; k++) {
            rec_t probe, *hit;
            probe.key = probes[k];
            hit = bsearch(&probe, all, TOTAL, sizeof *all, by_key);
            printf("key %3u: %s\n", probes[k], hit ? "present" : "absent");
            found += hit != NULL;
            firsts[k] = probes[k];
        }
        qsort(all, TOTAL, sizeof *all, order);
        qsort(firsts, 5, sizeof firsts[0], cmp_uint);
        printf("descending head %u %u %u; probes sorted %u..%u; %d found\n",
               all[0].key, all[1].key, all[2].key, firsts[0], firsts[4], found);
        free(all);
    }
    upc_barrier;
    if (MYTHREAD == 0) upc_free(recs);
    return 0;
}
