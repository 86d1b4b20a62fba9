/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* OK: the private buffer has the element type of the shared data */
#include <upc.h>
#include <stdio.h>

#define N 32
shared [N] double col[N * THREADS];

int main(void)
{
    double buf[N];
    int i;
    double s = 0;
    for (i = 0; i < N; i++)
        col[MYTHREAD * N + i] = i * 0.5;
    upc_barrier;
    upc_memget(buf, &col[((MYTHREAD + 1) % THREADS) * N], N * sizeof(double));
    for (i = 0; i < N; i++)
        s += buf[i];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("s = %g\n", s);
    return 0;
}
