/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memget_past_end_err.upc: every thread reads exactly its four elements */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int A[N * THREADS];
shared int count[THREADS];

int main(void)
{
    int buf[N + 1], i, s = 0;
    for (i = 0; i < N; i++) A[MYTHREAD + i * THREADS] = i;
    count[MYTHREAD] = N;
    upc_barrier;
    upc_memget(buf, &A[MYTHREAD], count[MYTHREAD] * sizeof(int));
    for (i = 0; i < N; i++) s += buf[i];
    printf("thread %d: sum = %d\n", MYTHREAD, s);
    return 0;
}
