/* upc-check-test
 * expect: data-race
 * line: 19 21
 * threads: 2 3 4
 * flags: --upccheck:-r
 * report: the two accesses: split_phase_overlap_err.upc:19 and split_phase_overlap_err.upc:21
 */
/* Thread 0 writes its own data between notify and wait while thread 1 reads it in its own gap */
#include <upc.h>
#include <stdio.h>

shared [10] int work[10 * THREADS];

int main(void)
{
    int i, s = 0;
    upc_notify;
    if (MYTHREAD == 0)
        for (i = 0; i < 10; i++) work[i] = i;
    if (MYTHREAD == 1)
        for (i = 0; i < 10; i++) s += work[i];
    upc_wait;
    printf("%d\n", s >= 0);
    return 0;
}
