/* SSCA #2 style graph analysis, kernels 1-2: the scalable data generator's
 * edge tuples (start, end, weight) are generated in parallel from a counter-
 * based hash, kernel 1 builds per-thread edge lists whose owner is the start
 * vertex's thread (counts exchanged, then upc_memput into upc_alloc'ed
 * buckets published through a directory of pointers-to-shared), kernel 2
 * finds the maximum weight with upc_all_reduceI and collects the edges that
 * carry it, through a lock-protected shared list; the list is printed sorted. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define NV 128
#define NE 1024
#define MAXW 255
#define MAXHITS 64

typedef struct { int u, v, w; } edge_t;

shared [] edge_t *shared bucket[THREADS];
shared int nin[THREADS];
shared int *sendcnt;            /* THREADS x THREADS, from upc_all_alloc */
#define SENDCNT(d, s) sendcnt[(d) * THREADS + (s)]
shared int wmax_local[THREADS];
shared int wmax;
shared [] edge_t hits[MAXHITS];
shared int nhits;
upc_lock_t *hit_lock;

static unsigned h(unsigned x)
{
    x ^= x >> 17; x *= 0xed5ad4bbu; x ^= x >> 11; x *= 0xac4c1b51u;
    x ^= x >> 15; x *= 0x31848babu; x ^= x >> 14;
    return x;
}

static edge_t gen(int e)
{
    edge_t t;
    t.u = (int)(h(3u * e + 1) % NV);
    t.v = (int)(h(3u * e + 2) % NV);
    t.w = (int)(h(3u * e + 3) % (MAXW + 1));
    return t;
}

static int cmp(const void *a, const void *b)
{
    const edge_t *x = a, *y = b;
    if (x->u != y->u) return x->u - y->u;
    if (x->v != y->v) return x->v - y->v;
    return 0;
}

int main(void)
{
    int per = (NE + THREADS - 1) / THREADS, lo = MYTHREAD * per, hi = lo + per;
    int e, t, n, m = 0, k;
    int *cnt = calloc(THREADS, sizeof(int)), *pos = calloc(THREADS, sizeof(int));
    edge_t *mine;

    if (hi > NE) hi = NE;
    hit_lock = upc_all_lock_alloc();
    sendcnt = (shared int *) upc_all_alloc(THREADS * THREADS, sizeof(int));
    /* kernel 1: counts per destination */
    for (e = lo; e < hi; e++)
        cnt[gen(e).u % THREADS]++;
    for (t = 0; t < THREADS; t++)
        SENDCNT(t, MYTHREAD) = cnt[t];
    upc_barrier;
    n = 0;
    for (t = 0; t < THREADS; t++) {
        pos[t] = n;
        n += SENDCNT(MYTHREAD, t);
    }
    nin[MYTHREAD] = n;
    bucket[MYTHREAD] = (shared [] edge_t *) upc_alloc((n ? n : 1) * sizeof(edge_t));
    /* my slot in thread t's bucket: after the counts of the threads before me */
    upc_barrier;
    for (t = 0; t < THREADS; t++) {
        int off = 0, s;
        for (s = 0; s < MYTHREAD; s++)
            off += SENDCNT(t, s);
        for (e = lo; e < hi; e++) {
            edge_t x = gen(e);
            if (x.u % THREADS == t)
                bucket[t][off++] = x;
        }
    }
    upc_barrier;
    /* kernel 2 */
    mine = malloc((nin[MYTHREAD] ? nin[MYTHREAD] : 1) * sizeof(edge_t));
    upc_memget(mine, bucket[MYTHREAD], nin[MYTHREAD] * sizeof(edge_t));
    for (e = 0; e < nin[MYTHREAD]; e++)
        if (mine[e].w > m) m = mine[e].w;
    wmax_local[MYTHREAD] = m;
    upc_all_reduceI(&wmax, wmax_local, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    m = wmax;
    for (e = 0; e < nin[MYTHREAD]; e++)
        if (mine[e].w == m) {
            upc_lock(hit_lock);
            k = nhits;
            if (k < MAXHITS) hits[k] = mine[e];
            nhits = k + 1;
            upc_unlock(hit_lock);
        }
    upc_barrier;
    if (MYTHREAD == 0) {
        edge_t out[MAXHITS];
        int total = 0;
        for (t = 0; t < THREADS; t++)
            total += nin[t];
        n = nhits < MAXHITS ? nhits : MAXHITS;
        for (k = 0; k < n; k++)
            out[k] = hits[k];
        qsort(out, n, sizeof out[0], cmp);
        printf("kernel 1: %d edges distributed over %d vertices\n", total, NV);
        printf("kernel 2: max weight %d on %d edge(s)\n", m, nhits);
        for (k = 0; k < n; k++)
            printf("  (%d -> %d)\n", out[k].u, out[k].v);
    }
    free(cnt); free(pos); free(mine);
    return 0;
}
