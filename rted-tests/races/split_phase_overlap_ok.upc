/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Correct twin of split_phase_overlap_err.upc: each thread works on its own block between notify and wait */
#include <upc.h>
#include <stdio.h>

shared [10] int work[10 * THREADS];

int main(void)
{
    int i, s = 0;
    upc_notify;
    for (i = 0; i < 10; i++) work[MYTHREAD * 10 + i] = i;
    upc_wait;
    for (i = 0; i < 10; i++) s += work[MYTHREAD * 10 + i];
    upc_barrier;
    if (MYTHREAD == 1)
        for (i = 0; i < 10; i++) s += work[i];
    printf("%d\n", s >= 0);
    return 0;
}
