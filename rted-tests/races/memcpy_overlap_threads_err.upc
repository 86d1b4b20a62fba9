/* upc-check-test
 * expect: data-race
 * line: 20
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memcpy_overlap_threads_err.upc:20 and memcpy_overlap_threads_err.upc:20
 */
/* Two threads upc_memcpy into the same destination */
#include <upc.h>
#include <stdio.h>

#define N 32
shared [N] int src[N * THREADS];
shared [N] int dst[N * THREADS];

int main(void)
{
    int k = MYTHREAD == 0 ? 0 : 1;
    if (MYTHREAD < 2)
        upc_memcpy(&dst[0], &src[k * N], N * sizeof(int));
    upc_barrier;
    return 0;
}
