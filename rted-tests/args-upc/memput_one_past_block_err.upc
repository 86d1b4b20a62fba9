/* upc-check-test
 * expect: invalid-argument
 * line: 20
 * threads: 2 3 4 8
 * value: n = 68
 */
/* Error: a macro computes the count of a row copy from the inclusive last index, so each upc_memput writes one element past the thread's block */
#include <upc.h>
#include <stdio.h>

#define N 16
#define COUNT(first, last) ((last) - (first) + 1)
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
