/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 4
 */
/* Error: the shift read from shared data is 2 elements, so upc_memcpy's source and destination overlap on the same thread */
#include <upc.h>
#include <stdio.h>

#define N 8
shared int A[N * THREADS];
shared int shift;

int main(void)
{
    int i;
    for (i = 0; i < N; i++) A[MYTHREAD + i * THREADS] = i;
    if (MYTHREAD == 0) shift = 2;
    upc_barrier;
    upc_memcpy(&A[MYTHREAD + shift * THREADS], &A[MYTHREAD], (N / 2) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("A[%d] = %d\n", (N - 1) * THREADS, A[(N - 1) * THREADS]);
    return 0;
}
