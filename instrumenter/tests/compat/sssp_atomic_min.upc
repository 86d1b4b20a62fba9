/*
 * Single-source shortest paths by Bellman-Ford rounds on a distributed
 * graph: vertex v and its out-edges belong to thread v % THREADS; in every
 * round each thread relaxes the out-edges of its vertices with a relaxed
 * atomic UPC_MIN on the target's distance (a UPC 1.3 atomic domain of
 * UPC_INT), and a fetch-and-add on a shared counter tells whether any
 * distance went down.  The distances are unique whatever the interleaving.
 */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <limits.h>

#define NV 64
#define DEG 3
#define INF (INT_MAX / 2)

shared int *dist;                    /* NV elements, cyclic (upc_all_alloc) */
shared [] int changed[2];            /* on thread 0 */
upc_atomicdomain_t *dom;

/* the graph, the same on every thread: v -> (v*5+k*7+1) % NV, weights 1..9 */
static int target(int v, int k) { return (v * 5 + k * 7 + 1 + k * k) % NV; }
static int weight(int v, int k) { return 1 + (v * 3 + k * 11) % 9; }

int main(void)
{
    int v, k, round = 0, one = 1, zero = 0;

    dom = upc_all_atomicdomain_alloc(UPC_INT, UPC_MIN | UPC_ADD | UPC_GET | UPC_SET, 0);
    dist = (shared int *)upc_all_alloc(NV, sizeof(int));
    upc_forall (v = 0; v < NV; v++; &dist[v])
        dist[v] = v == 0 ? 0 : INF;
    upc_barrier;

    for (;;) {
        int slot = round & 1, any;
        if (MYTHREAD == 0)
            upc_atomic_relaxed(dom, NULL, UPC_SET, &changed[1 - slot], &zero, NULL);
        upc_forall (v = 0; v < NV; v++; &dist[v]) {
            int dv;
            upc_atomic_relaxed(dom, &dv, UPC_GET, &dist[v], NULL, NULL);
            if (dv >= INF)
                continue;
            for (k = 0; k < DEG; k++) {
                int nd = dv + weight(v, k), old;
                upc_atomic_relaxed(dom, &old, UPC_MIN, &dist[target(v, k)], &nd, NULL);
                if (nd < old)
                    upc_atomic_relaxed(dom, NULL, UPC_ADD, &changed[slot], &one, NULL);
            }
        }
        upc_barrier;
        upc_atomic_relaxed(dom, &any, UPC_GET, &changed[slot], NULL, NULL);
        round++;
        upc_barrier;
        if (any == 0)
            break;
        if (MYTHREAD == 0)
            upc_atomic_relaxed(dom, NULL, UPC_SET, &changed[slot], &zero, NULL);
    }

    if (MYTHREAD == 0) {
        long sum = 0;
        int reach = 0, far = 0;
        for (v = 0; v < NV; v++)
            if (dist[v] < INF) {
                reach++;
                sum += dist[v];
                if (dist[v] > dist[far])
                    far = v;
            }
        printf("reached %d of %d, sum of distances %ld\n", reach, NV, sum);
        printf("farthest vertex %d at %d\n", far, dist[far]);
        printf("dist[1..8]:");
        for (v = 1; v <= 8; v++)
            printf(" %d", dist[v]);
        printf("\n");
    }
    upc_barrier;
    upc_all_atomicdomain_free(dom);
    if (MYTHREAD == 0)
        upc_free(dist);
    return 0;
}
