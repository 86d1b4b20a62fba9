/* tsp_bound_lock.upc -- branch and bound for a small travelling salesman
 * problem: the second city of the tour is dealt out by upc_forall, every
 * thread searches its subtrees depth first and prunes with a global best bound
 * that it reads without the lock and updates under the lock. */
#include <upc.h>
#include <stdio.h>
#include <limits.h>

#define NC 9

static int dist[NC][NC];
shared int best = INT_MAX;
shared [] int best_tour[NC]; /* indefinite block size: all on thread 0 */
upc_lock_t *shared best_lock;

static void search(int *tour, int depth, int len, unsigned visited)
{
    int c;
    if (len >= best) /* a stale read only prunes less */
        return;
    if (depth == NC) {
        int total = len + dist[tour[NC - 1]][tour[0]];
        upc_lock(best_lock);
        if (total < best) {
            best = total;
            for (c = 0; c < NC; c++) best_tour[c] = tour[c];
        }
        upc_unlock(best_lock);
        return;
    }
    for (c = 1; c < NC; c++)
        if (!(visited & (1u << c))) {
            tour[depth] = c;
            search(tour, depth + 1, len + dist[tour[depth - 1]][c], visited | (1u << c));
        }
}

int main(void)
{
    int i, j, second;
    for (i = 0; i < NC; i++)
        for (j = 0; j < NC; j++)
            dist[i][j] = i == j ? 0 : 10 + ((i * 7 + j * 7 + i * j) % 23);
    if (MYTHREAD == 0)
        best_lock = upc_global_lock_alloc();
    upc_barrier;
    upc_forall (second = 1; second < NC; second++; second) {
        int tour[NC];
        tour[0] = 0;
        tour[1] = second;
        search(tour, 2, dist[0][second], 1u | (1u << second));
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int check = 0;
        for (i = 0; i < NC; i++) check += dist[best_tour[i]][best_tour[(i + 1) % NC]];
        printf("shortest tour length %d (recomputed %d)\n", best, check);
        upc_lock_free(best_lock);
    }
    return 0;
}
