/* upc-check-test
 * expect: clean
 * threads: 2 3 4
 * flags: --upccheck:-r
 */
/* Twin of timestep_second_iter_err.upc: a barrier after the copy too. */
#include <upc.h>
#include <stdio.h>

shared double oldv[THREADS], newv[THREADS];

int main(void)
{
    int step, me = MYTHREAD, l = (MYTHREAD + THREADS - 1) % THREADS;
    oldv[me] = me;
    upc_barrier;
    for (step = 0; step < 3; step++) {
        newv[me] = 0.5 * (oldv[me] + oldv[l]);
        upc_barrier;
        oldv[me] = newv[me];
        upc_barrier;
    }
    if (me == 0) printf("%g\n", oldv[0]);
    return 0;
}
