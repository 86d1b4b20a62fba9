/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: the count macro uses the exclusive end of the row */
#include <upc.h>
#include <stdio.h>

#define N 16
#define COUNT(first, last) ((last) - (first) )
shared [N] int a[N * THREADS];

int main(void)
{
    int buf[N + 1], i, last;
    for (i = 0; i <= N; i++) buf[i] = MYTHREAD * 100 + i;
    last = N;
    upc_memput(&a[MYTHREAD * N], buf, COUNT(0, last) * sizeof(int));
    upc_barrier;
    if (MYTHREAD == 0) printf("a[N-1] = %d\n", a[N - 1]);
    return 0;
}
