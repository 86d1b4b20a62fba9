/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of nested_barrier_err.upc: the barrier is moved after the outer loop */
#include <upc.h>
#include <stdio.h>

#define N 2
shared [N] int m[N * N * THREADS];
shared int step[THREADS];

int main(void)
{
    int i, j;
    step[MYTHREAD] = 1;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; i / N) {
        upc_forall (j = 0; j < N; j++; continue) {
            m[i * N + j] = i + j;
            if (step[MYTHREAD] && j == N - 1)
                step[MYTHREAD] = 1;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("m[1] = %d\n", m[1]);
    return 0;
}
