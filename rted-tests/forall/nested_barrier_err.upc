/* upc-check-test
 * expect: forall-collective
 * line: 23
 * threads: 2 4
 */
/* Error: an inner upc_forall with affinity continue contains a barrier, and it runs inside a controlling outer upc_forall */
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
                upc_barrier;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("m[1] = %d\n", m[1]);
    return 0;
}
