/* upc-check-test
 * expect: barrier-value-mismatch
 * line: 20
 * threads: 2 3 4 8
 */
/* Error: the barrier value is computed from the phase and THREADS, but the last thread counts its phases from 1 instead of 0 */
#include <upc.h>
#include <stdio.h>

#define PHASE_ID(p) ((p) * THREADS + 7)
shared int start[THREADS];

int main(void)
{
    int p, first;
    start[MYTHREAD] = (MYTHREAD == THREADS - 1);
    upc_barrier;
    first = start[MYTHREAD];
    for (p = 0; p < 4; p++) {
        upc_barrier PHASE_ID(p + first);
    }
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
