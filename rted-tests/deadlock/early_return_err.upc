/* upc-check-test
 * expect: finished-while-waiting
 * line: 20 22
 * threads: 2 4 8
 */
/* Error: a thread whose input row is empty returns from main before the barrier the others wait at */
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
        return 0;
    total[MYTHREAD] = s;
    upc_barrier;
    if (MYTHREAD == 0) printf("total[0] = %d\n", total[0]);
    return 0;
}
