/* upc-check-test
 * expect: invalid-argument
 * line: 22
 * threads: 2 4
 */
/* Error: the range end read from shared data lies before its start on the last thread, so the size wraps to a huge value */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] int A[N * THREADS];
shared int first[THREADS];
shared int last[THREADS];

int main(void)
{
    int buf[N], i;
    for (i = 0; i < N; i++) A[MYTHREAD * N + i] = i;
    first[MYTHREAD] = 2;
    last[MYTHREAD] = (MYTHREAD == THREADS - 1) ? 1 : 6;
    upc_barrier;
    upc_memget(buf, &A[MYTHREAD * N + first[MYTHREAD]], (last[MYTHREAD] - first[MYTHREAD]) * sizeof(int));
    printf("thread %d: buf[0] = %d\n", MYTHREAD, buf[0]);
    return 0;
}
