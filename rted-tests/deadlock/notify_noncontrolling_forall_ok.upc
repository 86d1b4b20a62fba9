/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: between upc_notify and upc_wait only local work runs: a upc_forall whose affinity is `continue` is not collective (every thread runs every iteration), and neither is a nested upc_forall inside a controlling one */
#include <upc.h>
#include <stdio.h>

#define N 4
shared [N] int a[N * THREADS];
shared [N] int b[N * THREADS];

int main(void)
{
    int i, j, local[N];
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) {
        a[i] = i;
        upc_forall (j = 0; j < 1; j++; j)
            b[i] = -i;
    }
    upc_notify;
    upc_forall (i = 0; i < N; i++; continue)
        local[i] = a[MYTHREAD * N + i] * 2;
    upc_wait;
    for (i = 0; i < N; i++) b[MYTHREAD * N + i] = local[i];
    upc_barrier;
    if (MYTHREAD == 0) printf("b[1] = %d\n", b[1]);
    return 0;
}
