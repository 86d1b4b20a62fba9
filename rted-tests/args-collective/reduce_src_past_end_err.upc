/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 */
/* Error: nelems counts a trailing sentinel element that the source array does not have */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 3
shared [N] int v[N * THREADS];
shared int with_sentinel;
shared int r;

int main(void)
{
    int i;
    for (i = 0; i < N; i++) v[MYTHREAD * N + i] = 1;
    if (MYTHREAD == 0) with_sentinel = 1;
    upc_barrier;
    upc_all_reduceI(&r, v, UPC_ADD, N * THREADS + with_sentinel, N, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) printf("r = %d\n", r);
    return 0;
}
