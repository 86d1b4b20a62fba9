/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of memcpy_overlap_threads_err.upc: each thread copies into its own block */
#include <upc.h>
#include <stdio.h>

#define N 32
shared [N] int src[N * THREADS];
shared [N] int dst[N * THREADS];

int main(void)
{
    int k = MYTHREAD == 0 ? 0 : 1;
    if (MYTHREAD < 2)
        upc_memcpy(&dst[k * N], &src[k * N], N * sizeof(int));
    upc_barrier;
    return 0;
}
