/*
 * Graph500-style level-synchronous BFS.  Every thread builds the same CSR
 * graph from a seeded generator (as the reference code's replicated
 * "simple" kernel does), owns the vertices v with v % THREADS == MYTHREAD of
 * the current frontier, and claims each unvisited neighbour with a 64-bit
 * compare-and-swap on the shared parent array (<upc_atomic.h>).  The next
 * frontier is appended through a fetch-and-increment of a shared counter.
 * Which parent wins a race is not defined, so the program validates the BFS
 * tree the way Graph500's validate() does and prints only what is unique:
 * the levels and the number of visited vertices.
 */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <inttypes.h>

#define SCALE      9
#define NV         (1 << SCALE)
#define EDGEFACTOR 4
#define NE         (NV * EDGEFACTOR)

/* distributed arrays of the graph's size come from upc_all_alloc, as in the
   reference code; the two frontier counters live on thread 0 */
shared int64_t *parent;
shared int *level;
shared int64_t *frontier[2];
shared [] int64_t count[2];
shared int bad[THREADS];

static int64_t off[NV + 1];
static int64_t adj[2 * NE];

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 17;
}

static void make_graph(void)
{
    static int64_t src[NE], dst[NE];
    int64_t fill[NV];
    uint64_t seed = 12345;
    int64_t e, v;
    for (v = 0; v <= NV; v++) off[v] = 0;
    for (e = 0; e < NE; e++) {
        /* skewed endpoints, like a Kronecker generator's low-degree tail */
        uint64_t a = lcg(&seed) % NV, b = lcg(&seed) % NV;
        if (lcg(&seed) % 4 == 0) a &= ~(uint64_t)7;
        src[e] = (int64_t)a;
        dst[e] = (int64_t)b;
        off[a + 1]++;
        off[b + 1]++;
    }
    for (v = 0; v < NV; v++) off[v + 1] += off[v];
    for (v = 0; v < NV; v++) fill[v] = off[v];
    for (e = 0; e < NE; e++) {
        adj[fill[src[e]]++] = dst[e];
        adj[fill[dst[e]]++] = src[e];
    }
}

int main(void)
{
    upc_atomicdomain_t *dom;
    int64_t root = 1, v;
    int cur = 0, depth = 0, i;

    make_graph();
    parent = (shared int64_t *) upc_all_alloc(NV, sizeof(int64_t));
    level = (shared int *) upc_all_alloc(NV, sizeof(int));
    frontier[0] = (shared int64_t *) upc_all_alloc(NV, sizeof(int64_t));
    frontier[1] = (shared int64_t *) upc_all_alloc(NV, sizeof(int64_t));
    dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_CSWAP | UPC_INC | UPC_GET | UPC_SET, 0);

    upc_forall (v = 0; v < NV; v++; &parent[v]) {
        parent[v] = -1;
        level[v] = -1;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        parent[root] = root;
        level[root] = 0;
        frontier[0][0] = root;
        count[0] = 1;
        count[1] = 0;
    }
    upc_barrier;

    for (;;) {
        int64_t n, k, zero = 0;
        int nxt = 1 - cur;
        upc_atomic_relaxed(dom, &n, UPC_GET, &count[cur], NULL, NULL);
        if (n == 0)
            break;
        for (k = MYTHREAD; k < n; k += THREADS) {
            int64_t u = frontier[cur][k], j;
            for (j = off[u]; j < off[u + 1]; j++) {
                int64_t w = adj[j], old, minus1 = -1, slot;
                upc_atomic_relaxed(dom, &old, UPC_CSWAP, &parent[w], &minus1, &u);
                if (old == -1) {
                    level[w] = depth + 1;
                    upc_atomic_relaxed(dom, &slot, UPC_INC, &count[nxt], NULL, NULL);
                    frontier[nxt][slot] = w;
                }
            }
        }
        upc_barrier;
        if (MYTHREAD == 0)
            upc_atomic_relaxed(dom, NULL, UPC_SET, &count[cur], &zero, NULL);
        upc_barrier;
        cur = nxt;
        depth++;
    }

    /* validate: every visited vertex but the root has a parent one level up
       that is its neighbour */
    bad[MYTHREAD] = 0;
    upc_forall (v = 0; v < NV; v++; &parent[v]) {
        int64_t p = parent[v], j;
        int ok = 0;
        if (p < 0) {
            if (level[v] != -1) bad[MYTHREAD]++;
            continue;
        }
        if (v == root) { if (p == root && level[v] == 0) continue; bad[MYTHREAD]++; continue; }
        for (j = off[v]; j < off[v + 1]; j++)
            if (adj[j] == p) ok = 1;
        if (!ok || level[p] != level[v] - 1)
            bad[MYTHREAD]++;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int hist[64] = {0}, maxl = 0, errors = 0;
        int64_t visited = 0;
        for (i = 0; i < THREADS; i++) errors += bad[i];
        for (v = 0; v < NV; v++)
            if (level[v] >= 0) {
                visited++;
                hist[level[v]]++;
                if (level[v] > maxl) maxl = level[v];
            }
        printf("SCALE %d edgefactor %d: %" PRId64 " of %d vertices reached\n",
               SCALE, EDGEFACTOR, visited, NV);
        for (i = 0; i <= maxl; i++)
            printf("level %d: %d\n", i, hist[i]);
        printf("validation: %s\n", errors ? "FAILED" : "passed");
    }
    upc_barrier;
    upc_all_atomicdomain_free(dom);
    return 0;
}
