/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the first iteration goes to thread 0 explicitly; every other iteration to the owner of its left neighbour */
#include <upc.h>
#include <stdio.h>

#define N 8
shared double x[N * THREADS];
shared double y[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i])
        x[i] = i;
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; i > 0 ? i - 1 : 0)
        y[i] = (i > 0 ? x[i - 1] : 0.0) + x[i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("y[1] = %g\n", y[1]);
    return 0;
}
