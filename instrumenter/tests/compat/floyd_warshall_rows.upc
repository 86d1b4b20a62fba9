/* All-pairs shortest paths (Floyd-Warshall) over a row-cyclic distance matrix: in step k
 * every thread fetches row k with one upc_memget into a private buffer and relaxes its own
 * rows; a barrier ends each step.  The graph is generated deterministically; thread 0
 * prints a checksum of the distances, the diameter and one path length. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <limits.h>

#define V 40
#define INF (INT_MAX / 4)

shared [V] int (*dist)[V]; /* row i on thread i % THREADS, allocated */

int main(void)
{
    int i, j, k;
    int rowk[V];
    dist = (shared [V] int (*)[V])upc_all_alloc(V, V * sizeof(int));
    upc_forall (i = 0; i < V; i++; &dist[i][0])
        for (j = 0; j < V; j++) {
            unsigned h = (unsigned)(i * 131 + j * 71) % 97;
            if (i == j)
                dist[i][j] = 0;
            else if (h < 18 || j == (i + 1) % V)
                dist[i][j] = 1 + (int)(h % 13);
            else
                dist[i][j] = INF;
        }
    upc_barrier;
    for (k = 0; k < V; k++) {
        upc_memget(rowk, &dist[k][0], sizeof rowk);
        upc_forall (i = 0; i < V; i++; &dist[i][0]) {
            int *row = (int *)&dist[i][0]; /* my own row, through a local pointer */
            int dik = row[k];
            if (dik == INF)
                continue;
            for (j = 0; j < V; j++)
                if (dik + rowk[j] < row[j])
                    row[j] = dik + rowk[j];
        }
        upc_barrier;
    }
    if (MYTHREAD == 0) {
        long sum = 0;
        int diam = 0, unreachable = 0;
        for (i = 0; i < V; i++)
            for (j = 0; j < V; j++) {
                int d = dist[i][j];
                if (d >= INF) {
                    unreachable++;
                    continue;
                }
                sum += d;
                if (d > diam)
                    diam = d;
            }
        printf("checksum %ld diameter %d unreachable %d\n", sum, diam, unreachable);
        printf("dist[0][%d] = %d, dist[%d][0] = %d\n", V / 2, dist[0][V / 2], V - 1,
               dist[V - 1][0]);
    }
    return 0;
}
