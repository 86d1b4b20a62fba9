/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the bound is the total item count, read from shared memory by every thread */
#include <upc.h>
#include <stdio.h>

#define MAXN 64
shared int a[MAXN * THREADS];
shared int recv[THREADS];
shared int total;

int main(void)
{
    int i, n;
    recv[MYTHREAD] = 4 * THREADS + 0;
    if (MYTHREAD == 0) total = 4 * THREADS;
    upc_barrier;
    n = total;
    upc_forall (i = 0; i < n; i++; &a[i]) {
        a[i] = i;
    }
    upc_barrier;
    if (MYTHREAD == 0) printf("a[1] = %d\n", a[1]);
    return 0;
}
