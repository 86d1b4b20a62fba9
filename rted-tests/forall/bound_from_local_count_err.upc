/* upc-check-test
 * expect: forall-not-single-valued
 * line: 22 24
 * threads: 2 3 4 8
 */
/* Error: the upper bound of a upc_forall is a per-thread count of received items, larger on thread 0, so the loop condition is not single-valued */
#include <upc.h>
#include <stdio.h>

#define MAXN 64
shared int a[MAXN * THREADS];
shared int recv[THREADS];
shared int total;

int main(void)
{
    int i, n;
    recv[MYTHREAD] = 4 * THREADS + (MYTHREAD == 0) * 3;
    if (MYTHREAD == 0) total = 4 * THREADS;
    upc_barrier;
    n = recv[MYTHREAD];
    upc_forall (i = 0; i < n; i++; &a[i]) {
        a[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[1] = %d\n", a[1]);
    return 0;
}
