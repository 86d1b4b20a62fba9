/* A graph code's node pool: every thread upc_allocs 60000 small nodes, frees
   every other one, puts into and atomically bumps the survivors (through
   pointers to their starts and to fields inside them), then frees the rest.
   Each upc_free and each checked access to a node is O(1): the runtime used to
   walk every block of the heap for them, which made this quadratic (minutes). */
#include <upc.h>
#include <upc_atomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define NODES 60000

typedef struct vertex {
    int64_t id;
    int64_t degree;
    double weight[4];
} vertex_t;

shared int64_t total_degree[THREADS];

int main(void)
{
    shared vertex_t **pool = malloc(NODES * sizeof *pool);
    upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_GET, 0);
    double w[4] = { 0.5, 1.5, 2.5, 3.5 };
    int64_t one = 1, sum = 0, d;
    long i;

    for (i = 0; i < NODES; i++) {
        pool[i] = (shared vertex_t *) upc_alloc(sizeof(vertex_t));
        if (pool[i] == NULL) {
            fprintf(stderr, "thread %d: out of shared memory at node %ld\n", MYTHREAD, i);
            upc_global_exit(1);
        }
        pool[i]->id = i;
        pool[i]->degree = 0;
    }
    for (i = 0; i < NODES; i += 2)
        upc_free(pool[i]);
    for (i = 1; i < NODES; i += 2) {
        long k = (i * 7919L) % NODES | 1;
        upc_memput(&pool[k]->weight[0], w, sizeof w);
        upc_atomic_relaxed(dom, NULL, UPC_ADD, &pool[k]->degree, &one, NULL);
    }
    for (i = 1; i < NODES; i += 2) {
        upc_atomic_relaxed(dom, &d, UPC_GET, &pool[i]->degree, NULL, NULL);
        sum += d;
        if (pool[i]->id != i || pool[i]->weight[3] != 3.5) {
            printf("thread %d: node %ld corrupted\n", MYTHREAD, i);
            upc_global_exit(1);
        }
        upc_free(pool[i]);
    }
    total_degree[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, ok = 1;
        for (t = 0; t < THREADS; t++)
            ok &= total_degree[t] == NODES / 2;
        printf("node pool: %s\n", ok ? "PASSED" : "FAILED");
    }
    upc_all_atomicdomain_free(dom);
    free(pool);
    return 0;
}
