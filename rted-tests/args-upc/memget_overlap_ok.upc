/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memget_overlap_err.upc: the destination is a separate private array */
#include <upc.h>
#include <stdio.h>

#define N 4
shared [N] int A[N * THREADS];
shared int offset;

int main(void)
{
    int copy[N + 1] = {0};
    int *mine = (int *) &A[MYTHREAD * N];
    int *dst = copy;
    int i;
    for (i = 0; i < N; i++) mine[i] = i;
    if (MYTHREAD == 0) offset = 1;
    upc_barrier;
    upc_memget(dst + offset, &A[MYTHREAD * N], (N - 1) * sizeof(int));
    printf("thread %d: copied %d\n", MYTHREAD, dst[offset]);
    return 0;
}
