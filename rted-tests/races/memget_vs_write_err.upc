/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memget_vs_write_err.upc:20 and memget_vs_write_err.upc:22
 */
/* Thread 1 copies thread 0's block with upc_memget while thread 0 is still filling it */
#include <upc.h>
#include <stdio.h>

#define N 8
shared [N] double v[N * THREADS];

int main(void)
{
    double copy[N];
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++) v[i] = i * 0.5;
    if (MYTHREAD == 1)
        upc_memget(copy, &v[0], N * sizeof(double));
    upc_barrier;
    return 0;
}
