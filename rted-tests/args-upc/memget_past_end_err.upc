/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the element count read from shared data is one too high on the last thread, so upc_memget reads past the end of that thread's part of A */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int A[N * THREADS];
shared int count[THREADS];

int main(void)
{
    int buf[N + 1], i, s = 0;
    for (i = 0; i < N; i++) A[MYTHREAD + i * THREADS] = i;
    count[MYTHREAD] = (MYTHREAD == THREADS - 1) ? N + 1 : N;
    upc_barrier;
    upc_memget(buf, &A[MYTHREAD], count[MYTHREAD] * sizeof(int));
    for (i = 0; i < N; i++) s += buf[i];
    printf("thread %d: sum = %d\n", MYTHREAD, s);
    return 0;
}
