/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of memcpy_overlap_err.upc: the shift is 4 elements, so the ranges are disjoint */
#include <upc.h>
#include <stdio.h>

#define N 8
shared int A[N * THREADS];
shared int shift;

int main(void)
{
    int i;
    for (i = 0; i < N; i++) A[MYTHREAD + i * THREADS] = i;
    if (MYTHREAD == 0) shift = 4;
    upc_barrier;
    upc_memcpy(&A[MYTHREAD + shift * THREADS], &A[MYTHREAD], (N / 2) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("A[%d] = %d\n", (N - 1) * THREADS, A[(N - 1) * THREADS]);
    return 0;
}
