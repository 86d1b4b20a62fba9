/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: upc_forall runs over the whole range and lets the affinity expression choose each thread's iterations */
#include <upc.h>
#include <stdio.h>

#define N 32
shared double v[N * THREADS];

int main(void)
{
    int i, lo = 0, hi = N * THREADS;
    upc_forall (i = lo; i < hi; i++; &v[i])
        v[i] = 2.0 * i;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("v[1] = %g\n", v[1]);
    return 0;
}
