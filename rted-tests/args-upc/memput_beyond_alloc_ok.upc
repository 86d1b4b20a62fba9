/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memput_beyond_alloc_err.upc: THREADS blocks are allocated */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int nblocks;

int main(void)
{
    shared [N] int *p;
    int vals[N] = {1, 2, 3, 4};
    if (MYTHREAD == 0) nblocks = THREADS;
    upc_barrier;
    p = (shared [N] int *) upc_all_alloc(nblocks, N * sizeof(int));
    upc_memput(&p[MYTHREAD * N], vals, N * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("p[%d] = %d\n", N - 1, p[N - 1]);
    return 0;
}
