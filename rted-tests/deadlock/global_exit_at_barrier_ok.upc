/* upc-check-test
 * expect: clean
 * threads: 2 4 8
 */
/* Correct: thread 0 finds the job is already done and ends the whole program with upc_global_exit(0) while the others wait at a barrier: upc_global_exit is the usual way to end a run early, not a deadlock */
#include <upc.h>
#include <stdio.h>

shared int work[THREADS];

int main(void)
{
    work[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, total = 0;
        for (t = 0; t < THREADS; t++) total += work[t];
        if (total >= 0) {
            printf("nothing left to do (%d)\n", total);
            upc_global_exit(0);
        }
    }
    upc_barrier;
    return 0;
}
