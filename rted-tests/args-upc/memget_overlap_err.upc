/* upc-check-test
 * expect: invalid-argument
 * line: 23
 * threads: 2 4
 */
/* Error: upc_memget copies a thread's own shared elements into a private alias of the same storage, one element further on */
#include <upc.h>
#include <stdio.h>

#define N 4
shared [N] int A[N * THREADS];
shared int offset;

int main(void)
{
    int copy[N + 1] = {0};
    int *mine = (int *) &A[MYTHREAD * N];
    int *dst = mine;
    int i;
    for (i = 0; i < N; i++) mine[i] = i;
    if (MYTHREAD == 0) offset = 1;
    upc_barrier;
    upc_memget(dst + offset, &A[MYTHREAD * N], (N - 1) * sizeof(int));
    printf("thread %d: copied %d\n", MYTHREAD, dst[offset]);
    return 0;
}
