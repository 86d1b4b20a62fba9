/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct twin of early_return_err.upc: the thread with nothing to do still reaches the barrier */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] int rows[N * THREADS];
shared int total[THREADS];

int main(void)
{
    int i, s = 0;
    for (i = 0; i < N; i++) rows[MYTHREAD * N + i] = (MYTHREAD == THREADS - 1) ? 0 : i;
    for (i = 0; i < N; i++) s += rows[MYTHREAD * N + i];
    if (s == 0)
        s = -1;
    total[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) printf("total[0] = %d\n", total[0]);
    return 0;
}
