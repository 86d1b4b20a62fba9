/* upc-check-test
 * expect: clean
 * threads: 2 3 4 8
 */
/* Correct twin: every thread computes the same barrier value from the phase and THREADS */
#include <upc.h>
#include <stdio.h>

#define PHASE_ID(p) ((p) * THREADS + 7)
shared int start[THREADS];

int main(void)
{
    int p, first;
    start[MYTHREAD] = 0;
    upc_barrier;
    first = start[MYTHREAD];
    for (p = 0; p < 4; p++) {
        upc_barrier PHASE_ID(p + first);
    }
    if (MYTHREAD == 0) printf("done\n");
    return 0;
}
