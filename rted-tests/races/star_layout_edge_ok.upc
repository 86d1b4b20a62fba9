/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of star_layout_edge_err.upc: the edge is read before the smoothing, after the
   barrier that follows the initialization. */
#include <upc.h>
#include <stdio.h>

#define N 6
shared [*] float a[N * THREADS];

int main(void)
{
    int k, base = MYTHREAD * N;
    float edge;
    for (k = 0; k < N; k++) a[base + k] = k;
    upc_barrier;
    edge = a[(base + N) % (N * THREADS)];
    upc_barrier;
    for (k = 0; k < N; k++) a[base + k] = a[base + k] * 0.5f;
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, edge);
    return 0;
}
