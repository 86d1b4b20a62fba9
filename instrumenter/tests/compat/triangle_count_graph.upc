/* Triangle counting on an undirected graph stored as a shared adjacency bit matrix with one
 * row per thread block: every thread counts the triangles (i < j < k) whose smallest vertex
 * it owns, reading other rows remotely, and upc_all_reduceL sums the counts; the degree
 * distribution is combined with upc_all_reduceI over a per-thread histogram. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdint.h>

#define NV 48
#define W ((NV + 63) / 64)

shared [W] uint64_t (*adj)[W]; /* a row per block, allocated */
shared long tri[THREADS];
shared long total;
shared int maxdeg_in[THREADS], maxdeg;

static int edge(int i, int j)
{
    unsigned h = (unsigned)((i + 1) * (j + 1) * 2654435761u) >> 24;
    return i != j && (h % 5 == 0 || (i + j) % 11 == 0);
}

int main(void)
{
    int i, j, k;
    adj = (shared [W] uint64_t (*)[W])upc_all_alloc(NV, W * sizeof(uint64_t));
    upc_forall (i = 0; i < NV; i++; &adj[i][0]) {
        for (k = 0; k < W; k++)
            adj[i][k] = 0;
        for (j = 0; j < NV; j++)
            if (edge(i < j ? i : j, i < j ? j : i))
                adj[i][j / 64] |= (uint64_t)1 << (j % 64);
    }
    upc_barrier;
    long count = 0;
    int maxd = 0;
    upc_forall (i = 0; i < NV; i++; &adj[i][0]) {
        uint64_t ri[W];
        int d = 0;
        for (k = 0; k < W; k++) {
            ri[k] = adj[i][k];
            d += __builtin_popcountll(ri[k]);
        }
        if (d > maxd)
            maxd = d;
        for (j = i + 1; j < NV; j++) {
            if (!((ri[j / 64] >> (j % 64)) & 1))
                continue;
            for (k = 0; k < W; k++) {
                uint64_t common = ri[k] & adj[j][k];
                /* only k > j */
                uint64_t lo = 0;
                int base = k * 64;
                if (j + 1 > base)
                    lo = j + 1 - base >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << (j + 1 - base)) - 1);
                count += __builtin_popcountll(common & ~lo);
            }
        }
    }
    tri[MYTHREAD] = count;
    maxdeg_in[MYTHREAD] = maxd;
    upc_all_reduceL(&total, tri, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceI(&maxdeg, maxdeg_in, UPC_MAX, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        long brute = 0;
        for (i = 0; i < NV; i++)
            for (j = i + 1; j < NV; j++)
                for (k = j + 1; k < NV; k++)
                    brute += edge(i, j) && edge(i, k) && edge(j, k);
        printf("triangles %ld (%s), max degree %d\n", (long)total,
               total == brute ? "matches brute force" : "WRONG", maxdeg);
    }
    return 0;
}
