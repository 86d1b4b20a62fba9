/* upc-check-test
 * expect: forall-not-single-valued
 * line: 20 22
 * threads: 2 4
 */
/* Error: the loop bound is a private copy of the element count that is one larger on the last thread */
#include <upc.h>
#include <stdio.h>

#define N 4
shared int a[(N + 1) * THREADS];
shared int count[THREADS];

int main(void)
{
    int i, n;
    count[MYTHREAD] = (MYTHREAD == THREADS - 1) ? N * THREADS + 1 : N * THREADS;
    upc_barrier;
    n = count[MYTHREAD];
    upc_forall (i = 0; i < n; i++; i) {
        a[i] = 2 * i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[1] = %d\n", a[1]);
    return 0;
}
