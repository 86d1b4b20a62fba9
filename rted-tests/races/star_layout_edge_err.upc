/* upc-check-test
 * expect: data-race
 * line: 22 23
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: star_layout_edge_err.upc:22 and star_layout_edge_err.upc:23
 */
/* shared [*] array: each thread smooths its own block and reads the first element of the
   next thread's block, which that thread is smoothing. */
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
    for (k = 0; k < N; k++) a[base + k] = a[base + k] * 0.5f;
    edge = a[(base + N) % (N * THREADS)];
    upc_barrier;
    printf("%d: %g\n", MYTHREAD, edge);
    return 0;
}
