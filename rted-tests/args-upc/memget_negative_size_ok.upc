/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memget_negative_size_err.upc: the range end lies after the start */
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
    last[MYTHREAD] = 6;
    upc_barrier;
    upc_memget(buf, &A[MYTHREAD * N + first[MYTHREAD]], (last[MYTHREAD] - first[MYTHREAD]) * sizeof(int));
    printf("thread %d: buf[0] = %d\n", MYTHREAD, buf[0]);
    return 0;
}
