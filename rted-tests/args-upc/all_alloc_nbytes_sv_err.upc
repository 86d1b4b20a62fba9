/* upc-check-test
 * expect: single-valued-mismatch
 * line: 19
 * threads: 2 4
 */
/* Error: the block size passed to upc_all_alloc comes from a per-thread row count that is larger on the last thread */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int rows[THREADS];

int main(void)
{
    shared [N] int *m;
    int i;
    rows[MYTHREAD] = (MYTHREAD == THREADS - 1) ? N + 1 : N;
    upc_barrier;
    m = (shared [N] int *) upc_all_alloc(THREADS, rows[MYTHREAD] * sizeof(int));
    for (i = 0; i < N; i++) m[MYTHREAD * N + i] = i;
    upc_barrier;
    if (MYTHREAD == 0) printf("m[%d] = %d\n", N - 1, m[N - 1]);
    return 0;
}
