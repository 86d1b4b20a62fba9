/* upc-check-test
 * expect: data-race
 * line: 20 22
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: memput_vs_read_err.upc:20 and memput_vs_read_err.upc:22
 */
/* Thread 0 upc_memputs into thread 1's block while thread 1 reads it */
#include <upc.h>
#include <stdio.h>

#define N 16
shared [N] int blk[N * THREADS];

int main(void)
{
    int buf[N], i, s = 0;
    for (i = 0; i < N; i++) buf[i] = i;
    if (MYTHREAD == 0)
        upc_memput(&blk[N], buf, sizeof buf);
    if (MYTHREAD == 1)
        for (i = 0; i < N; i++) s += blk[N + i];
    upc_barrier;
    if (MYTHREAD == 1) printf("%d\n", s >= 0);
    return 0;
}
