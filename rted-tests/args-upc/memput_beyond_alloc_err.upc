/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the block count read from shared data is THREADS - 1, so the last thread's upc_memput writes where no block was allocated */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int nblocks;

int main(void)
{
    shared [N] int *p;
    int vals[N] = {1, 2, 3, 4};
    if (MYTHREAD == 0) nblocks = THREADS - 1;
    upc_barrier;
    p = (shared [N] int *) upc_all_alloc(nblocks, N * sizeof(int));
    upc_memput(&p[MYTHREAD * N], vals, N * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("p[%d] = %d\n", N - 1, p[N - 1]);
    return 0;
}
