/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of all_alloc_nbytes_sv_err.upc: every thread passes the same block size */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int rows[THREADS];

int main(void)
{
    shared [N] int *m;
    int i;
    rows[MYTHREAD] = N;
    upc_barrier;
    m = (shared [N] int *) upc_all_alloc(THREADS, rows[MYTHREAD] * sizeof(int));
    for (i = 0; i < N; i++) m[MYTHREAD * N + i] = i;
    upc_barrier;
    if (MYTHREAD == 0) printf("m[%d] = %d\n", N - 1, m[N - 1]);
    return 0;
}
