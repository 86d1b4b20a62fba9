/* A distributed hash join in the style of a database course assignment: two relations
 * spread over the threads are repartitioned by key hash with upc_all_exchange (each thread
 * owns one "box" of per-destination buckets, a structure of the program's own, allocated
 * with upc_all_alloc), joined locally with a private hash table, and the partial counts
 * are rotated around the threads with upc_all_permute before upc_all_reduceL sums them. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 40  /* rows of each relation per thread */
#define CAP 48   /* rows a bucket holds */
#define MAXT 16  /* largest THREADS this program supports */

typedef struct {
    int key;
    int val;
} row_t;

typedef struct {
    int n;
    row_t rows[CAP];
} bucket_t;

typedef struct {
    bucket_t to[MAXT]; /* bucket j goes to thread j */
} box_t;

shared long matches[THREADS], rotated[THREADS], total;
shared int perm[THREADS];

static unsigned hash(int key) { return ((unsigned)key * 2654435761u) >> 7; }

static void fill(row_t *r, int n, int rel)
{
    for (int i = 0; i < n; i++) {
        int g = MYTHREAD * n + i;
        r[i].key = rel == 0 ? g % 37 : (g * 7) % 53;
        r[i].val = g;
    }
}

static void partition(const row_t *rows, int n, box_t *mine)
{
    for (int d = 0; d < THREADS; d++)
        mine->to[d].n = 0;
    for (int i = 0; i < n; i++) {
        bucket_t *b = &mine->to[hash(rows[i].key) % THREADS];
        if (b->n == CAP) {
            fprintf(stderr, "bucket overflow\n");
            exit(1);
        }
        b->rows[b->n++] = rows[i];
    }
}

int main(void)
{
    row_t R[ROWS], S[ROWS];
    if (THREADS > MAXT) {
        if (MYTHREAD == 0)
            printf("at most %d threads\n", MAXT);
        return 0;
    }
    fill(R, ROWS, 0);
    fill(S, ROWS, 1);

    shared box_t *outR = upc_all_alloc(THREADS, sizeof(box_t));
    shared box_t *inR = upc_all_alloc(THREADS, sizeof(box_t));
    shared box_t *outS = upc_all_alloc(THREADS, sizeof(box_t));
    shared box_t *inS = upc_all_alloc(THREADS, sizeof(box_t));
    partition(R, ROWS, (box_t *)&outR[MYTHREAD]);
    partition(S, ROWS, (box_t *)&outS[MYTHREAD]);

    upc_all_exchange(inR, outR, sizeof(bucket_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_exchange(inS, outS, sizeof(bucket_t), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    /* local join: a private chained hash table over the R rows received */
    box_t *gotR = (box_t *)&inR[MYTHREAD], *gotS = (box_t *)&inS[MYTHREAD];
    int nb = 64, head[64], next[MAXT * CAP], nr = 0;
    row_t all[MAXT * CAP];
    memset(head, -1, sizeof head);
    for (int src = 0; src < THREADS; src++)
        for (int k = 0; k < gotR->to[src].n; k++) {
            all[nr] = gotR->to[src].rows[k];
            if (hash(all[nr].key) % THREADS != (unsigned)MYTHREAD)
                printf("thread %d got a foreign key\n", MYTHREAD);
            int h = all[nr].key % nb;
            next[nr] = head[h];
            head[h] = nr++;
        }
    long m = 0;
    for (int src = 0; src < THREADS; src++)
        for (int k = 0; k < gotS->to[src].n; k++) {
            row_t s = gotS->to[src].rows[k];
            for (int i = head[s.key % nb]; i >= 0; i = next[i])
                m += all[i].key == s.key;
        }
    matches[MYTHREAD] = m;
    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;

    upc_all_permute(rotated, matches, perm, sizeof(long), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceL(&total, rotated, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (MYTHREAD == 0) {
        /* the same join done naively over the whole relations */
        long want = 0;
        int n = ROWS * THREADS;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                want += (i % 37) == ((j * 7) % 53);
        printf("join matches %s\n", total == want ? "ok" : "WRONG");
        printf("rotation %s\n", rotated[0] == matches[THREADS - 1] ? "ok" : "WRONG");
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(outR);
        upc_free(inR);
        upc_free(outS);
        upc_free(inS);
    }
    return 0;
}
