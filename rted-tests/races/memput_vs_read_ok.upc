/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of memput_vs_read_err.upc: a barrier between the put and the reads */
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
    upc_barrier;
    if (MYTHREAD == 1)
        for (i = 0; i < N; i++) s += blk[N + i];
    if (MYTHREAD == 1) printf("%d\n", s);
    return 0;
}
