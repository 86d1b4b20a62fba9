/* upc-check-test
 * expect: invalid-argument
 * line: 21
 * threads: 2 4 8
 * value: affinity = -1
 */
/* Error: the smoothing loop gives each iteration to the owner of its left neighbour, i - 1, which is negative for the first iteration (UPC 1.3 leaves that undefined) */
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
    upc_forall (i = 0; i < N * THREADS; i++; i - 1)
        y[i] = (i > 0 ? x[i - 1] : 0.0) + x[i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("y[1] = %g\n", y[1]);
    return 0;
}
