/* upc-check-test
 * expect: forall-not-single-valued
 * line: 16 18
 * threads: 2 4 8
 */
/* Error: the author partitions the range by hand (lo..hi per thread) and then also uses upc_forall over it, so the loop's bounds differ between threads */
#include <upc.h>
#include <stdio.h>

#define N 32
shared double v[N * THREADS];

int main(void)
{
    int i, lo = MYTHREAD * N, hi = lo + N;
    upc_forall (i = lo; i < hi; i++; &v[i])
        v[i] = 2.0 * i;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("v[1] = %g\n", v[1]);
    return 0;
}
