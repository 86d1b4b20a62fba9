/* upc-check-test
 * expect: clean
 * threads: 2 4
 */
/* Correct twin of cond_not_sv_err.upc: the loop bound is the same on every thread */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[(N + 1) * THREADS];
shared int count[THREADS];

int main(void)
{
    int i, n;
    count[MYTHREAD] = N * THREADS;
    upc_barrier;
    n = count[MYTHREAD];
    upc_forall (i = 0; i < n; i++; i) {
        a[i] = 2 * i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[1] = %d\n", a[1]);
    return 0;
}
